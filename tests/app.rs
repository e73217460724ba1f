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
    use carved_tables::app::save::{ActiveSettings, ChangeSettings, Notices, SaveStore};
    use carved_tables::i18n::Lang;
    use carved_tables::i18n::Tr;
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
        let (saved, _) = app
            .world_mut()
            .resource_mut::<SaveStore>()
            .load::<Settings>();
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

/// The desktop's store as a player meets it: an older store carried over, a damaged store file,
/// a second running copy of the game.
mod store {
    use bevy::prelude::*;
    use carved_tables::app::core_plugin;
    use carved_tables::app::save::{Notices, SaveStore, open_store};
    use carved_tables::launch::LaunchOptions;
    use carved_tables::play::snelab::{Purse, SnelabSave};
    use carved_tables::save::{FileStore, KeyValue, LoadStatus, Saved, encode};
    use carved_tables::settings::Settings;

    fn options(dir: &std::path::Path) -> LaunchOptions {
        LaunchOptions {
            data_dir: Some(dir.to_path_buf()),
            ..LaunchOptions::default()
        }
    }

    /// The game's start with the store opened as the game opens it; the notices on screen.
    fn start(dir: &std::path::Path) -> (App, Vec<String>) {
        let (store, opened) = open_store(&options(dir));
        let mut app = App::new();
        app.insert_resource(store).insert_resource(opened);
        app.add_plugins(MinimalPlugins).add_plugins(core_plugin);
        app.update();
        let notices = app
            .world()
            .resource::<Notices>()
            .items
            .iter()
            .map(|n| n.text.clone())
            .collect();
        (app, notices)
    }

    /// An older version's store (`bevy_pkv.redb`) holding a purse of `coins` (purse format 1)
    /// and settings.
    fn old_store(dir: &std::path::Path, coins: u32) {
        let mut purse = serde_json::to_value(Purse::new(100)).unwrap();
        purse["coins"] = coins.into();
        let mut pkv = bevy_pkv::PkvStore::new_in_dir(dir);
        pkv.set_string(
            "snelab.purse",
            &format!("{{\"version\":1,\"data\":{purse}}}"),
        )
        .unwrap();
        pkv.set_string("settings", &encode(&Settings::default()))
            .unwrap();
    }

    fn files(dir: &std::path::Path, prefix: &str) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with(prefix))
            .collect()
    }

    #[test]
    fn an_older_store_is_carried_over_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        old_store(dir.path(), 77);
        let (mut app, notices) = start(dir.path());
        assert!(notices.is_empty(), "{notices:?}");
        let (save, status) = app
            .world_mut()
            .resource_mut::<SaveStore>()
            .load::<SnelabSave>();
        assert_eq!(status, LoadStatus::Migrated { from: 1 });
        assert_eq!(save.purse.coins(), 77);
        assert_eq!(files(dir.path(), "bevy_pkv.redb.imported").len(), 1);
        assert!(!dir.path().join("bevy_pkv.redb").exists());
    }

    #[test]
    fn a_damaged_store_file_is_kept_aside_said_on_screen_and_play_saves_again() {
        let dir = tempfile::tempdir().unwrap();
        old_store(dir.path(), 77);
        // As a player would: noise over the first 4 KiB of the store file.
        let path = dir.path().join("bevy_pkv.redb");
        let mut bytes = std::fs::read(&path).unwrap();
        let whole = carved_tables::save::find_envelopes(&bytes[4096.min(bytes.len())..]).len();
        let mut x = 0x9e37_79b9u32;
        for b in bytes.iter_mut().take(4096) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            *b = x as u8;
        }
        std::fs::write(&path, &bytes).unwrap();
        let (mut app, notices) = start(dir.path());
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].contains("damaged"), "{notices:?}");
        assert!(
            notices[0].contains(&format!("{whole} value")),
            "{notices:?}"
        );
        // Kept, never deleted.
        let kept = files(dir.path(), "bevy_pkv.redb.damaged-");
        assert_eq!(kept.len(), 1);
        assert_eq!(std::fs::read(dir.path().join(&kept[0])).unwrap(), bytes);
        // What was still whole is back; the rest starts fresh, and play persists.
        let (save, _) = app
            .world_mut()
            .resource_mut::<SaveStore>()
            .load::<SnelabSave>();
        // The store's pages past the noise still hold the purse and the settings whole.
        assert_eq!(whole, 2);
        assert_eq!(save.purse.coins(), 77);
        let mut more = save.clone();
        more.purse = Purse::new(250);
        app.world_mut()
            .resource_mut::<SaveStore>()
            .store(&more)
            .unwrap();
        drop(app);
        let (mut again, notices) = start(dir.path());
        assert!(notices.is_empty(), "said once: {notices:?}");
        let (save, _) = again
            .world_mut()
            .resource_mut::<SaveStore>()
            .load::<SnelabSave>();
        assert_eq!(save.purse.coins(), 250);
    }

    /// A game of each kind a few actions in, as an older version kept them, in a store whose
    /// first pages are noise: each game is found and comes back under its own key, and the
    /// tables offer them (the recovery reads every game's values from its `TableInfo`).
    #[test]
    fn a_damaged_store_gives_back_the_games_of_every_table() {
        use carved_tables::fair::Seed;
        use carved_tables::play::chess::{ChessGame, Draft};
        use carved_tables::play::hive::HiveGame;
        use carved_tables::play::{ClockSetting, Seat};
        use carved_tables::rules::chess::Colour;
        let dir = tempfile::tempdir().unwrap();
        let seats = [Seat::Person, Seat::Person];
        let mut chess = ChessGame::new(
            Draft::random(Colour::White, 3).army().unwrap(),
            Draft::random(Colour::Black, 4).army().unwrap(),
            true,
            seats,
            5,
            6,
        );
        for _ in 0..4 {
            let side = chess.awaited().unwrap();
            let action = chess.state().legal_actions()[0];
            chess.submit(side, action).unwrap();
        }
        let mut hive = HiveGame::new(
            seats,
            [String::new(), String::new()],
            Seed([7; 32]),
            ClockSetting::default(),
            1,
        );
        for _ in 0..5 {
            let side = hive.awaited().unwrap();
            let mv = hive.state().legal_moves()[0];
            hive.submit(side, mv).unwrap();
        }
        {
            let mut pkv = bevy_pkv::PkvStore::new_in_dir(dir.path());
            pkv.set_string("chess.game", &encode(&chess)).unwrap();
            pkv.set_string("hive.game", &encode(&hive)).unwrap();
            pkv.set_string("settings", &encode(&Settings::default()))
                .unwrap();
        }
        let path = dir.path().join("bevy_pkv.redb");
        let mut bytes = std::fs::read(&path).unwrap();
        let whole = carved_tables::save::find_envelopes(&bytes[4096.min(bytes.len())..]).len();
        for b in bytes.iter_mut().take(4096) {
            *b = b.wrapping_mul(31).wrapping_add(17);
        }
        std::fs::write(&path, &bytes).unwrap();
        let (mut app, notices) = start(dir.path());
        assert_eq!(whole, 3, "the three values lie past the noise");
        assert!(notices[0].contains("3 value"), "{notices:?}");
        let mut store = app.world_mut().resource_mut::<SaveStore>();
        let (found, status) = store.load::<ChessGame>();
        assert_eq!(status, LoadStatus::Loaded);
        assert_eq!(found, chess);
        let (found, status) = store.load::<HiveGame>();
        assert_eq!(status, LoadStatus::Loaded);
        assert_eq!(found, hive);
    }

    #[test]
    fn a_second_copy_says_so_and_never_writes() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = FileStore::open(&dir.path().join("saves")).unwrap();
        carved_tables::save::store(&mut first, &SnelabSave::default()).unwrap();
        let before = first.get_raw(SnelabSave::KEY).unwrap();
        let (mut app, notices) = start(dir.path());
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].contains("Another copy"), "{notices:?}");
        let save = SnelabSave {
            purse: Purse::new(999),
            case: None,
        };
        app.world_mut()
            .resource_mut::<SaveStore>()
            .store(&save)
            .unwrap();
        assert_eq!(first.get_raw(SnelabSave::KEY).unwrap(), before);
    }
}

/// The Snēlab table driven as picking and the keyboard drive it: clicks on squares, intents,
/// the engine's seat, the purse and the books, across a restart.
mod snelab {
    use bevy::prelude::*;
    use bevy_egui::egui;
    use carved_tables::ai::Level;

    use carved_tables::app::kit::{Intended, harness};
    use carved_tables::app::save::{ActiveSettings, ChangeSettings, Notices};
    use carved_tables::app::screens::Screen;
    use carved_tables::app::snelab::{
        self, Intent, Moment, Pick, Refusal, SnelabPanels, SnelabTable, SquareHovered, Timing,
        coins_line, draw_panels, rank_tag, reason_line,
    };
    use carved_tables::app::style::BRASS;
    use carved_tables::i18n::{Lang, Message, Strings, Tr, parse_strings};
    use carved_tables::play::Seat;
    use carved_tables::play::snelab::{CaseEnd, Phase, Settled, SitError, Stakes};
    use carved_tables::rules::GameKind;
    use carved_tables::rules::snelab::{
        Action, Piece, Position, Rank, RuleError, Side, Square, legal_actions,
    };
    use carved_tables::save::{KeyValue, MemoryStore};
    use carved_tables::settings::Settings;

    /// A bare egui context set up as the game sets up its own (fonts, input options).
    fn egui_context() -> egui::Context {
        let ctx = egui::Context::default();
        carved_tables::app::style::configure_context(&ctx);
        ctx
    }

    pub(super) fn app_with(store: MemoryStore) -> App {
        harness::open::<SnelabTable>(snelab::core_plugin, store, Timing::INSTANT)
    }

    /// What a restart finds: the saved values copied into a fresh store.
    fn saved(app: &App) -> MemoryStore {
        harness::saved(app, &["settings", "snelab.purse"])
    }

    fn table(app: &App) -> &snelab::Table {
        harness::table::<SnelabTable>(app)
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn intent(app: &mut App, i: Intent) {
        harness::intent::<SnelabTable>(app, i);
    }

    fn click(app: &mut App, s: &str) {
        harness::click::<SnelabTable>(app, sq(s));
    }

    /// The refusals sent since the last call.
    fn refusals(app: &mut App) -> Vec<Refusal> {
        harness::refusals::<SnelabTable>(app)
    }

    /// Sits down at `kind` against `who` and puts `court` on the table, South to move.
    fn sit(app: &mut App, kind: Stakes, who: Seat, court: &str) {
        {
            let mut t = app.world_mut().resource_mut::<SnelabTable>();
            t.setup.stakes = kind;
            t.setup.opponent = who;
        }
        intent(app, Intent::Sit);
        let pos: Position = court.parse().unwrap();
        let mut t = app.world_mut().resource_mut::<SnelabTable>();
        assert_eq!(t.phase(), Phase::Play);
        t.restage(pos);
    }

    #[test]
    fn a_scripted_hot_seat_case_by_clicks_with_a_payment() {
        let mut app = app_with(MemoryStore::default());
        assert_eq!(table(&app).phase(), Phase::Lobby);
        assert_eq!(table(&app).purse.coins(), 100);
        // South's Justice on d4 can take North's Barrister on b6 (3); South's Bailiff on e6 is
        // one step from its Bench.
        sit(
            &mut app,
            Stakes::Casino,
            Seat::Person,
            "barj1ab/1r2B2/7/3J3/7/7/BAR1RAB S +a",
        );
        assert_eq!(
            table(&app).purse.coins(),
            88,
            "the stake is taken on sitting"
        );
        click(&mut app, "d4");
        let Pick::Selected { from, reach } = &table(&app).pick else {
            panic!("d4 is lifted: {:?}", table(&app).pick)
        };
        assert_eq!(*from, sq("d4"));
        assert!(reach.captures.contains(&sq("b6")));
        assert!(reach.moves.is_empty(), "e6 blocks the way to f6");
        click(&mut app, "b6");
        let Pick::Paying { state, .. } = &table(&app).pick else {
            panic!("paying for f6")
        };
        assert_eq!((state.cost, state.paid), (3, 0));
        // Bailiff (1), then an Advocate (2): exact.
        click(&mut app, "a1");
        click(&mut app, "b1");
        let Pick::Paying { state, chosen, .. } = &table(&app).pick else {
            panic!("still paying")
        };
        assert_eq!(chosen, &vec![sq("a1"), sq("b1")]);
        assert!(state.is_complete());
        // Tap a ✓ piece again: it is taken back.
        click(&mut app, "b1");
        let Pick::Paying { state, .. } = &table(&app).pick else {
            panic!("still paying")
        };
        assert_eq!(state.paid, 1);
        click(&mut app, "f1");
        intent(&mut app, Intent::Confirm);
        let t = table(&app);
        assert_eq!(t.actions().len(), 1);
        assert_eq!(t.actions()[0].to_string(), "d4xb6=a1+f1");
        assert_eq!(t.pos().get(sq("b6")).map(|p| p.side), Some(Side::South));
        assert!(t.pos().get(sq("a1")).is_none() && t.pos().get(sq("f1")).is_none());
        assert_eq!(t.pos().to_move(), Side::North);
        assert_eq!(t.last.map(|(a, b, _)| (a, b)), Some((sq("d4"), sq("b6"))));
        // North (the second person) answers by clicks too; then South reaches its Bench.
        click(&mut app, "a7");
        click(&mut app, "a6");
        assert_eq!(table(&app).pos().to_move(), Side::South);
        click(&mut app, "e6");
        click(&mut app, "e7");
        let Phase::Verdict(s) = table(&app).phase() else {
            panic!("the verdict is in: {:?}", table(&app).phase())
        };
        assert_eq!(s.winner, Side::South);
        assert_eq!(s.collected, 22);
        assert_eq!(table(&app).purse.coins(), 110);
        assert_eq!(table(&app).purse.books().len(), 1);
        assert_eq!(table(&app).purse.books()[0].purse_after, 110);

        // The purse and the books survive a restart.
        let app2 = app_with(saved(&app));
        assert_eq!(table(&app2).purse.coins(), 110);
        assert_eq!(table(&app2).purse.books().len(), 1);
        // The rules text: the first case after the game starts opens with a coin flip.
        assert!(
            table(&app2).purse.needs_coin_flip(),
            "a restart opens with a coin flip"
        );
        assert_eq!(table(&app2).phase(), Phase::Lobby);
    }

    #[test]
    fn illegal_intents_change_nothing_and_are_reported() {
        let mut app = app_with(MemoryStore::default());
        intent(&mut app, Intent::Select(sq("d1")));
        assert_eq!(refusals(&mut app), vec![Refusal::NotNow], "not seated yet");
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a",
        );
        intent(&mut app, Intent::Select(sq("d7")));
        assert_eq!(refusals(&mut app), vec![Refusal::NotYours(sq("d7"))]);
        intent(&mut app, Intent::Select(sq("d4")));
        let before = table(&app).clone();
        // An unreachable square.
        intent(&mut app, Intent::Target(sq("a4")));
        assert_eq!(refusals(&mut app), vec![Refusal::Unreachable(sq("a4"))]);
        assert_eq!(table(&app).pick, before.pick);
        intent(&mut app, Intent::Target(sq("f6")));
        let paying = table(&app).pick.clone();
        // A wrong payer: the capturer itself, then a Barrister that cannot join a Bailiff.
        intent(&mut app, Intent::Pay(sq("d4")));
        assert_eq!(refusals(&mut app), vec![Refusal::BadPayer(sq("d4"))]);
        intent(&mut app, Intent::Pay(sq("a1")));
        let after_bailiff = table(&app).pick.clone();
        intent(&mut app, Intent::Pay(sq("c1")));
        assert_eq!(refusals(&mut app), vec![Refusal::BadPayer(sq("c1"))]);
        assert_eq!(table(&app).pick, after_bailiff);
        // Confirming a short payment.
        intent(&mut app, Intent::Confirm);
        assert_eq!(
            refusals(&mut app),
            vec![Refusal::Short { paid: 1, cost: 3 }]
        );
        assert_eq!(table(&app).pos(), before.pos());
        assert!(table(&app).actions().is_empty());
        // A click on nothing that matters changes nothing and sends no intent.
        click(&mut app, "c4");
        assert_eq!(table(&app).pick, after_bailiff);
        // Cancel backs out one step at a time.
        intent(&mut app, Intent::Cancel);
        assert!(matches!(table(&app).pick, Pick::Selected { .. }));
        assert_ne!(table(&app).pick, paying);
        intent(&mut app, Intent::Cancel);
        assert_eq!(table(&app).pick, Pick::Idle);
        assert_eq!(table(&app).purse.coins(), 88);
    }

    /// Plays South's first legal action through select/target/pay/confirm intents.
    fn play_south(app: &mut App) {
        let pos = table(app).pos();
        let action: Action = legal_actions(&pos)[0];
        intent(app, Intent::Select(action.from()));
        intent(app, Intent::Target(action.to()));
        if let Some(p) = action.payment() {
            for s in p.squares() {
                intent(app, Intent::Pay(*s));
            }
            intent(app, Intent::Confirm);
        }
        // The engine may already have answered within the same frame.
        let done = table(app).actions();
        assert!(
            done.iter().rev().take(2).any(|a| *a == action),
            "{action} was played"
        );
    }

    #[test]
    fn a_whole_case_against_the_engine_settles_the_purse_once() {
        let mut app = app_with(MemoryStore::default());
        {
            let mut t = app.world_mut().resource_mut::<SnelabTable>();
            t.setup.opponent = Seat::Bot(Level::Easy);
        }
        intent(&mut app, Intent::Sit);
        assert_eq!(table(&app).purse.coins(), 88);
        let mut guard = 0;
        while table(&app).phase() == Phase::Play {
            guard += 1;
            assert!(guard < 2000, "the case ends");
            if table(&app).pos().to_move() == Side::South {
                play_south(&mut app);
            } else {
                // The engine thinks on a worker thread; the frames go on meanwhile.
                app.update();
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        let Phase::Verdict(s) = table(&app).phase() else {
            panic!()
        };
        let expected = if s.winner == Side::South { 88 + 22 } else { 88 };
        assert_eq!(table(&app).purse.coins(), expected);
        assert_eq!(table(&app).purse.books().len(), 1);
        for _ in 0..5 {
            app.update();
        }
        assert_eq!(table(&app).purse.books().len(), 1, "written once");
        intent(&mut app, Intent::NextCase);
        assert_eq!(table(&app).phase(), Phase::Lobby);
        intent(&mut app, Intent::Sit);
        let opener = table(&app).open_case().unwrap().opening.opener;
        assert_eq!(opener, s.winner.opponent(), "the loser opens the next case");
    }

    #[test]
    fn a_case_open_at_a_restart_resumes_and_one_that_cannot_gives_its_stake_back() {
        let mut app = app_with(MemoryStore::default());
        sit(
            &mut app,
            Stakes::Casino,
            Seat::Person,
            "barjrab/7/7/7/7/7/BARJRAB S +a",
        );
        click(&mut app, "d1");
        click(&mut app, "f3");
        assert_eq!(table(&app).actions().len(), 1);
        let store = saved(&app);
        // Resumed where it was.
        let app2 = app_with(store.clone());
        assert_eq!(table(&app2).phase(), Phase::Play);
        assert_eq!(table(&app2).pos(), table(&app).pos());
        assert_eq!(table(&app2).purse.coins(), 88);
        // A record that is not this purse's open case cannot be played on: the stake comes
        // back, nothing enters the books, and the player is told.
        let mut damaged = store;
        let mut value: serde_json::Value =
            serde_json::from_str(&damaged.get_raw("snelab.purse").unwrap().unwrap()).unwrap();
        value["data"]["case"]["case"] = 99.into();
        damaged.set_raw("snelab.purse", value.to_string()).unwrap();
        let app3 = app_with(damaged);
        assert_eq!(table(&app3).phase(), Phase::Lobby);
        assert_eq!(table(&app3).purse.coins(), 100);
        assert!(table(&app3).purse.open_case().is_none());
        assert!(table(&app3).purse.books().is_empty());
        let notices = &app3.world().resource::<Notices>().items;
        assert!(
            notices.iter().any(|n| n.text.contains("stake is back")),
            "{notices:?}"
        );
        // Written at once: the next start finds the stake in the purse and no case.
        let app4 = app_with(saved(&app3));
        assert_eq!(table(&app4).purse.coins(), 100);
        assert!(table(&app4).purse.open_case().is_none());
    }

    #[test]
    fn the_starting_purse_setting_is_the_purse_of_a_new_player() {
        let settings = Settings {
            starting_purse: 150,
            ..Settings::default()
        };
        let mut store = MemoryStore::default();
        carved_tables::save::store(&mut store, &settings).unwrap();
        let mut app = app_with(store);
        assert_eq!(table(&app).purse.coins(), 150);
        // Changed before the first case: still the player's purse.
        app.world_mut().write_message(ChangeSettings(Settings {
            starting_purse: 120,
            ..settings.clone()
        }));
        app.update();
        assert_eq!(table(&app).purse.coins(), 120);
        // After a case the purse is the player's own; the setting waits for Reset all.
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "7/7/7/7/7/3b3/B6 N +a",
        );
        click(&mut app, "d2");
        click(&mut app, "d1");
        intent(&mut app, Intent::NextCase);
        assert_eq!(table(&app).purse.coins(), 108);
        app.world_mut().write_message(ChangeSettings(Settings {
            starting_purse: 200,
            ..settings
        }));
        app.update();
        assert_eq!(table(&app).purse.coins(), 108);
        intent(&mut app, Intent::ResetAll);
        assert_eq!(table(&app).purse.coins(), 200);
    }

    #[test]
    fn with_less_than_the_stake_nobody_sits_until_reset_all() {
        let mut app = app_with(MemoryStore::default());
        for _ in 0..8 {
            {
                let mut t = app.world_mut().resource_mut::<SnelabTable>();
                t.setup.opponent = Seat::Person;
                t.setup.stakes = Stakes::Street;
            }
            intent(&mut app, Intent::Sit);
            // North steps onto South's Counter at once: South loses.
            let pos: Position = "7/7/7/7/7/3b3/B6 N +a".parse().unwrap();
            app.world_mut().resource_mut::<SnelabTable>().restage(pos);
            click(&mut app, "d2");
            click(&mut app, "d1");
            assert!(matches!(table(&app).phase(), Phase::Verdict(_)));
            intent(&mut app, Intent::NextCase);
        }
        assert_eq!(table(&app).purse.coins(), 100 - 8 * 12);
        assert!(
            table(&app).purse.books().is_empty(),
            "street tables keep no books"
        );
        intent(&mut app, Intent::Sit);
        assert!(matches!(
            refusals(&mut app).as_slice(),
            [Refusal::CannotSit(_)]
        ));
        intent(&mut app, Intent::ResetAll);
        assert_eq!(table(&app).purse.coins(), 100);
        assert!(table(&app).purse.needs_coin_flip());
    }

    /// A message in the player's language (English unless a test changed it).
    fn say(app: &App, m: &Message) -> String {
        app.world().resource::<Tr>().say(m)
    }

    /// Presses and releases `key` over one frame, as the keyboard does.
    fn press(app: &mut App, key: KeyCode) {
        carved_tables::app::kit::harness::press(app, key);
    }

    fn keyed(app: &mut App) {
        app.init_resource::<ButtonInput<KeyCode>>();
    }

    fn screen(app: &App) -> Screen {
        *app.world().resource::<State<Screen>>().get()
    }

    /// A one-move case against a second person at `stakes`: South's Bailiff steps onto its
    /// Bench (`south_wins`), or North's onto South's Counter. Returns the verdict.
    fn one_move_case(app: &mut App, stakes: Stakes, south_wins: bool) -> Settled {
        if south_wins {
            sit(app, stakes, Seat::Person, "7/2B4/7/7/7/b6/7 S +a");
            click(app, "c6");
            click(app, "c7");
        } else {
            sit(app, stakes, Seat::Person, "7/7/7/7/7/3b3/B6 N +a");
            click(app, "d2");
            click(app, "d1");
        }
        let Phase::Verdict(s) = table(app).phase() else {
            panic!("the verdict is in: {:?}", table(app).phase())
        };
        s
    }

    /// What one pass of the panels painted: its texts, and whether the brass focus ring was
    /// drawn around a widget.
    struct Painted {
        texts: Vec<String>,
        ring: bool,
    }

    impl Painted {
        fn shows(&self, words: &str) -> bool {
            self.texts.iter().any(|t| t == words)
        }
    }

    /// The panels in a bare egui context: one pass with `events` (the key events bevy_egui
    /// hands egui), the app's table and words, half a second after the last (so panels have
    /// faded in); what the buttons sent goes to the app.
    fn ui_pass(
        app: &mut App,
        ctx: &egui::Context,
        panels: &mut SnelabPanels,
        events: Vec<egui::Event>,
    ) -> Painted {
        let input = carved_tables::app::kit::harness::window_input(
            Some(ctx.input(|i| i.time) + 0.5),
            events,
        );
        let tr = app.world().resource::<Tr>().clone();
        let mut sent = Vec::new();
        let out = app
            .world_mut()
            .resource_scope(|_, mut table: Mut<SnelabTable>| {
                ctx.run_ui(input, |ui| {
                    sent = draw_panels(ui.ctx(), &tr, &mut table, panels, &Moment::default());
                })
            });
        for i in sent {
            app.world_mut().write_message(Intended::<SnelabTable>(i));
        }
        app.update();
        fn walk(s: &egui::Shape, p: &mut Painted) {
            match s {
                egui::Shape::Text(t) => p.texts.push(t.galley.text().to_string()),
                egui::Shape::Rect(r) => {
                    p.ring |= r.stroke.color == BRASS && r.stroke.width == 2.5;
                }
                egui::Shape::Vec(v) => v.iter().for_each(|x| walk(x, p)),
                _ => {}
            }
        }
        let mut painted = Painted {
            texts: Vec::new(),
            ring: false,
        };
        for c in &out.shapes {
            walk(&c.shape, &mut painted);
        }
        out.drop_without_applying_deltas();
        painted
    }

    /// What the panels show now: a new area is measured on its first pass and painted on the
    /// next, so this runs two passes with no keys.
    fn look(app: &mut App, ctx: &egui::Context, panels: &mut SnelabPanels) -> Painted {
        ui_pass(app, ctx, panels, vec![]);
        ui_pass(app, ctx, panels, vec![])
    }

    /// A key pressed and released, as egui receives it.
    fn key(k: egui::Key, modifiers: egui::Modifiers) -> Vec<egui::Event> {
        [true, false]
            .into_iter()
            .map(|pressed| egui::Event::Key {
                key: k,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers,
            })
            .collect()
    }

    fn plain(k: egui::Key) -> Vec<egui::Event> {
        key(k, egui::Modifiers::NONE)
    }

    #[test]
    fn the_verdict_tells_what_the_purse_gained_or_lost() {
        let mut app = app_with(MemoryStore::default());
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        for (stakes, south_wins, words, net, why) in [
            (
                Stakes::Casino,
                true,
                "You collect 22 of the 24; your purse +10",
                10,
                "South: a piece reached its Bench",
            ),
            (
                Stakes::Casino,
                false,
                "The winner collects 22, the House keeps 2; your purse −12",
                -12,
                "North: a piece reached its Bench",
            ),
            (
                Stakes::Street,
                true,
                "You take all 24; your purse +12",
                12,
                "South: a piece reached its Bench",
            ),
            (
                Stakes::Street,
                false,
                "The winner takes all 24; your purse −12",
                -12,
                "North: a piece reached its Bench",
            ),
        ] {
            let before = table(&app).purse.coins();
            let s = one_move_case(&mut app, stakes, south_wins);
            let after = table(&app).purse.coins();
            assert_eq!(i64::from(after) - i64::from(before), net, "{stakes:?}");
            assert_eq!(
                (s.net(), s.purse_before(), s.purse_after),
                (net, before, after)
            );
            assert_eq!(say(&app, &coins_line(&s)), words);
            assert_eq!(say(&app, &reason_line(&s)), why);
            // The verdict panel shows the same words, and the purse before and after.
            let shown = look(&mut app, &ctx, &mut panels);
            assert!(shown.shows(words), "{:?}", shown.texts);
            let purse = format!("Purse: {before} → {after}");
            assert!(shown.shows(&purse), "{:?}", shown.texts);
            intent(&mut app, Intent::NextCase);
        }
    }

    #[test]
    fn a_hovered_piece_is_named_with_its_weight_in_the_players_words() {
        let mut app = app_with(MemoryStore::default());
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "barjrab/7/7/7/7/7/BARJRAB S +a",
        );
        assert!(table(&app).named_pieces().is_empty(), "nothing hovered yet");
        app.world_mut().write_message(SquareHovered(Some(sq("c1"))));
        app.update();
        let named = table(&app).named_pieces();
        assert_eq!(named.len(), 1);
        assert_eq!(named[0].0, sq("c1"));
        assert_eq!(say(&app, &rank_tag(named[0].1)), "Barrister · weight 3");
        // An enemy piece is named too, and the words follow the language.
        app.world_mut().write_message(SquareHovered(Some(sq("g7"))));
        app.update();
        let (_, bailiff) = table(&app).named_pieces()[0];
        assert_eq!(bailiff.rank, Rank::Bailiff);
        assert_eq!(
            Strings::new(Lang::Pt).say(&rank_tag(bailiff)),
            "Oficial de justiça · peso 1"
        );
        assert_eq!(
            Strings::new(Lang::Ru).say(&rank_tag(bailiff)),
            "Пристав · вес 1"
        );
        let justice = Piece {
            side: Side::South,
            rank: Rank::Justice,
        };
        assert_eq!(say(&app, &rank_tag(justice)), "Justice · weight 4");
        // Off the court (or an empty square): nothing named.
        app.world_mut().write_message(SquareHovered(Some(sq("d4"))));
        app.update();
        assert!(table(&app).named_pieces().is_empty());
        app.world_mut().write_message(SquareHovered(None));
        app.update();
        assert!(table(&app).named_pieces().is_empty());
    }

    #[test]
    fn a_piece_focused_by_keys_is_named_and_enter_sends_it_to_its_first_target() {
        let mut app = app_with(MemoryStore::default());
        keyed(&mut app);
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "barjrab/7/7/7/7/7/BARJRAB S +a",
        );
        press(&mut app, KeyCode::Tab);
        let Pick::Selected { from, reach } = table(&app).pick.clone() else {
            panic!("Tab lifts a piece: {:?}", table(&app).pick)
        };
        // The lifted piece is named; the focus is on its first target, not on itself.
        let named = table(&app).named_pieces();
        assert!(named.iter().any(|(s, _)| *s == from), "{named:?}");
        let focus = table(&app).focus.unwrap();
        assert_ne!(focus, from);
        assert!(reach.moves.contains(&focus) || reach.captures.contains(&focus));
        assert!(table(&app).keys_shown);
        press(&mut app, KeyCode::Enter);
        assert!(refusals(&mut app).is_empty());
        assert_eq!(table(&app).actions().len(), 1, "Enter played the move");
        assert_eq!(table(&app).actions()[0].from(), from);
        assert_eq!(table(&app).actions()[0].to(), focus);
    }

    #[test]
    fn enter_or_a_click_on_the_lifted_piece_backs_out_one_step() {
        let mut app = app_with(MemoryStore::default());
        keyed(&mut app);
        // South's Justice on d4 can take the Barrister on f6 (3).
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a",
        );
        press(&mut app, KeyCode::Tab);
        intent(&mut app, Intent::Select(sq("d4")));
        let ring = table(&app).focus_ring();
        assert_eq!(
            ring.last(),
            Some(&sq("d4")),
            "the ring ends on the lifted piece"
        );
        // Left from the first target wraps round to the lifted piece; Enter there puts it down.
        press(&mut app, KeyCode::ArrowLeft);
        assert_eq!(table(&app).focus, Some(sq("d4")));
        press(&mut app, KeyCode::Enter);
        assert_eq!(table(&app).pick, Pick::Idle);
        assert!(refusals(&mut app).is_empty());
        // Paying for f6: a click on the lifted piece backs out of the payment (README).
        intent(&mut app, Intent::Select(sq("d4")));
        intent(&mut app, Intent::Target(sq("f6")));
        assert!(matches!(table(&app).pick, Pick::Paying { .. }));
        click(&mut app, "d4");
        assert!(matches!(table(&app).pick, Pick::Selected { from, .. } if from == sq("d4")));
        // And Enter on the lifted piece does the same, where elsewhere it would confirm.
        intent(&mut app, Intent::Target(sq("f6")));
        press(&mut app, KeyCode::ArrowLeft); // a click hid the focus: this key only shows it
        press(&mut app, KeyCode::ArrowLeft);
        assert_eq!(table(&app).focus, Some(sq("d4")));
        press(&mut app, KeyCode::Enter);
        assert!(matches!(table(&app).pick, Pick::Selected { .. }));
        assert_eq!(
            table(&app).focus,
            Some(sq("f6")),
            "the focus stays on the capture"
        );
        assert!(table(&app).actions().is_empty());
        press(&mut app, KeyCode::Escape);
        assert_eq!(table(&app).pick, Pick::Idle);
        assert_eq!(screen(&app), Screen::Table(GameKind::Snelab));
    }

    #[test]
    fn after_a_click_the_first_key_only_shows_the_focus() {
        let mut app = app_with(MemoryStore::default());
        keyed(&mut app);
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "barjrab/7/7/7/7/7/BARJRAB S +a",
        );
        press(&mut app, KeyCode::Tab);
        assert!(table(&app).keys_shown);
        click(&mut app, "d1");
        assert!(!table(&app).keys_shown, "the mouse hides the focus ring");
        assert!(matches!(table(&app).pick, Pick::Selected { from, .. } if from == sq("d1")));
        let hidden = table(&app).focus;
        press(&mut app, KeyCode::Enter);
        assert!(
            table(&app).actions().is_empty(),
            "an unseen target is not played"
        );
        assert!(table(&app).keys_shown);
        assert_eq!(table(&app).focus, hidden);
        press(&mut app, KeyCode::Enter);
        assert_eq!(table(&app).actions().len(), 1);
    }

    #[test]
    fn resign_by_keys_asks_first_then_settles_a_loss_in_the_books() {
        let mut app = app_with(MemoryStore::default());
        keyed(&mut app);
        app.world_mut().resource_mut::<SnelabTable>().setup.backward = false;
        sit(
            &mut app,
            Stakes::Casino,
            Seat::Person,
            "barjrab/7/7/7/7/7/BARJRAB S -a",
        );
        let opener = table(&app).open_case().unwrap().opening.opener;
        press(&mut app, KeyCode::Tab);
        let lifted = table(&app).pick.clone();
        press(&mut app, KeyCode::KeyR);
        assert!(table(&app).resigning, "R asks first");
        assert_eq!(table(&app).pick, lifted);
        // While the question is up the court is still.
        click(&mut app, "a1");
        press(&mut app, KeyCode::Tab);
        assert_eq!(table(&app).pick, lifted);
        // Escape keeps playing (and does not leave the table).
        press(&mut app, KeyCode::Escape);
        assert!(!table(&app).resigning);
        assert_eq!(table(&app).phase(), Phase::Play);
        assert_eq!(screen(&app), Screen::Table(GameKind::Snelab));
        // The question drawn by the panels.
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        press(&mut app, KeyCode::KeyR);
        let shown = look(&mut app, &ctx, &mut panels);
        for words in ["Resign this case?", "You lose the stake.", "Cancel"] {
            assert!(shown.shows(words), "{words}: {:?}", shown.texts);
        }
        // Enter resigns: a loss for South, written once, in the books.
        press(&mut app, KeyCode::Enter);
        let Phase::Verdict(s) = table(&app).phase() else {
            panic!("{:?}", table(&app).phase())
        };
        assert_eq!((s.winner, s.end), (Side::North, CaseEnd::Resigned));
        assert_eq!(say(&app, &reason_line(&s)), "South resigned");
        assert_eq!(table(&app).purse.coins(), 88);
        let books = table(&app).purse.books();
        assert_eq!(books.len(), 1);
        let e = books[0].clone();
        assert_eq!(e.end, CaseEnd::Resigned);
        assert_eq!(
            (e.stakes, e.opponent, e.backward),
            (Stakes::Casino, Some(Seat::Person), Some(false))
        );
        assert_eq!(
            (e.opener, e.winner, e.purse_after),
            (opener, Side::North, 88)
        );
        // Written once: the frames go on and the purse stays.
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(table(&app).purse.books().len(), 1);
        let app2 = app_with(saved(&app));
        assert_eq!(table(&app2).purse.coins(), 88);
        assert_eq!(table(&app2).purse.books()[0].end, CaseEnd::Resigned);
        assert_eq!(table(&app2).phase(), Phase::Lobby);
    }

    #[test]
    fn resigning_is_for_the_person_to_act_during_a_case() {
        let mut app = app_with(MemoryStore::default());
        intent(&mut app, Intent::AskResign);
        assert_eq!(refusals(&mut app), vec![Refusal::NotNow], "not seated");
        intent(&mut app, Intent::Resign);
        assert_eq!(refusals(&mut app), vec![Refusal::NotNow]);
        assert_eq!(table(&app).purse.coins(), 100);
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "barjrab/7/7/7/7/7/BARJRAB S +a",
        );
        intent(&mut app, Intent::AskResign);
        intent(&mut app, Intent::Cancel);
        assert!(!table(&app).resigning);
        assert_eq!(table(&app).phase(), Phase::Play);
        // In hot seat the side to act resigns: North, after South's move.
        click(&mut app, "a1");
        click(&mut app, "a2");
        intent(&mut app, Intent::AskResign);
        intent(&mut app, Intent::Resign);
        let Phase::Verdict(s) = table(&app).phase() else {
            panic!()
        };
        assert_eq!((s.winner, s.net()), (Side::South, 12));
        assert_eq!(table(&app).purse.coins(), 112);
    }

    #[test]
    fn the_books_show_table_opponent_appeal_opener_end_winner_and_purse() {
        let mut app = app_with(MemoryStore::default());
        one_move_case(&mut app, Stakes::Casino, true);
        intent(&mut app, Intent::NextCase);
        {
            let mut t = app.world_mut().resource_mut::<SnelabTable>();
            t.setup.backward = false;
        }
        sit(
            &mut app,
            Stakes::Casino,
            Seat::Bot(carved_tables::ai::Level::Hard),
            "7/2B4/7/7/7/b6/7 S -a",
        );
        click(&mut app, "c6");
        click(&mut app, "c7");
        intent(&mut app, Intent::NextCase);
        let books = table(&app).purse.books().to_vec();
        assert_eq!(books.len(), 2);
        assert_eq!(
            books[1].opponent,
            Some(Seat::Bot(carved_tables::ai::Level::Hard))
        );
        assert_eq!(books[1].backward, Some(false));
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        panels.books = true;
        let shown = look(&mut app, &ctx, &mut panels);
        for words in [
            "The casino's books",
            "Table",
            "Opponent",
            "Appeal",
            "Opened",
            "Ended by",
            "Winner",
            "Purse after",
            "Casino",
            "Two players on this device",
            "Engine: hard",
            "on",
            "off",
            "a piece reached its Bench",
            "You (South)",
            "110",
            "120",
        ] {
            assert!(shown.shows(words), "{words}: {:?}", shown.texts);
        }
        // The lobby stands aside while the books are open.
        assert!(!shown.shows("Take a seat"));
    }

    #[test]
    fn every_lobby_choice_is_reachable_and_changeable_by_keys() {
        let mut app = app_with(MemoryStore::default());
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        let out = ui_pass(&mut app, &ctx, &mut panels, vec![]);
        assert!(!out.ring, "no focus before a key");
        // Tab: the casino table; Tab: the street table, and Space chooses it.
        let out = ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Tab));
        assert!(out.ring, "the focused choice wears the ring");
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Tab));
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Space));
        assert_eq!(table(&app).setup.stakes, Stakes::Street);
        // Tab: the first opponent; the arrows go along the row; Enter chooses.
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Tab));
        for _ in 0..3 {
            ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::ArrowRight));
        }
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Enter));
        assert_eq!(table(&app).setup.opponent, Seat::Person);
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::ArrowLeft));
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Space));
        assert_eq!(
            table(&app).setup.opponent,
            Seat::Bot(carved_tables::ai::Level::Hard)
        );
        // Tab past the last opponent to the appeal rule; Space turns it off.
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Tab));
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Tab));
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Space));
        assert!(!table(&app).setup.backward);
        // Shift+Tab goes back to the last opponent; Enter chooses it.
        ui_pass(
            &mut app,
            &ctx,
            &mut panels,
            key(egui::Key::Tab, egui::Modifiers::SHIFT),
        );
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Enter));
        assert_eq!(table(&app).setup.opponent, Seat::Person);
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Tab));
        // Tab: Sit down; Enter sits with those choices.
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Tab));
        assert_eq!(table(&app).phase(), Phase::Lobby);
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Enter));
        assert_eq!(table(&app).phase(), Phase::Play);
        let case = table(&app).open_case().unwrap().clone();
        assert_eq!(
            (case.stakes, case.opponent, case.backward),
            (Stakes::Street, Some(Seat::Person), Some(false))
        );
        assert!(!table(&app).pos().backward_captures());
    }

    #[test]
    fn books_and_reset_all_by_keys() {
        let mut app = app_with(MemoryStore::default());
        one_move_case(&mut app, Stakes::Casino, true);
        intent(&mut app, Intent::NextCase);
        assert_eq!(table(&app).purse.coins(), 110);
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        let tab = |app: &mut App, panels: &mut SnelabPanels, n: usize| {
            for _ in 0..n {
                ui_pass(app, &ctx, panels, plain(egui::Key::Tab));
            }
        };
        ui_pass(&mut app, &ctx, &mut panels, vec![]);
        // Two tables, four opponents, the appeal rule, Sit down: the Books are the ninth.
        tab(&mut app, &mut panels, 9);
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Enter));
        assert!(panels.books, "Enter opened the books");
        // Their Close button has the focus: Enter puts them away.
        let out = ui_pass(&mut app, &ctx, &mut panels, vec![]);
        assert!(out.ring);
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Enter));
        assert!(!panels.books);
        ui_pass(&mut app, &ctx, &mut panels, vec![]);
        // Reset all asks; the safe answer (Keep) has the focus.
        tab(&mut app, &mut panels, 10);
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Enter));
        assert!(panels.confirm_reset);
        ui_pass(&mut app, &ctx, &mut panels, vec![]);
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Enter));
        assert!(!panels.confirm_reset);
        assert_eq!(table(&app).purse.coins(), 110, "kept");
        ui_pass(&mut app, &ctx, &mut panels, vec![]);
        // Asked again, Shift+Tab goes from Keep to Reset all, and Enter resets.
        tab(&mut app, &mut panels, 10);
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Enter));
        ui_pass(&mut app, &ctx, &mut panels, vec![]);
        ui_pass(
            &mut app,
            &ctx,
            &mut panels,
            key(egui::Key::Tab, egui::Modifiers::SHIFT),
        );
        ui_pass(&mut app, &ctx, &mut panels, plain(egui::Key::Enter));
        assert_eq!(table(&app).purse.coins(), 100);
        assert!(table(&app).purse.books().is_empty());
        // Escape puts the books away too (keys read by the table).
        keyed(&mut app);
        one_move_case(&mut app, Stakes::Casino, true);
        intent(&mut app, Intent::NextCase);
        let mut panels = SnelabPanels::default();
        panels.books = true;
        app.world_mut().insert_resource(panels);
        press(&mut app, KeyCode::Escape);
        assert!(!app.world().resource::<SnelabPanels>().books);
        assert_eq!(screen(&app), Screen::Table(GameKind::Snelab));
    }

    #[test]
    fn every_refusal_of_the_table_has_words_in_three_languages() {
        let s = sq("c3");
        let mut all = vec![
            Refusal::NotNow,
            Refusal::NotYours(s),
            Refusal::NothingSelected,
            Refusal::Unreachable(s),
            Refusal::CantPay(s),
            Refusal::BadPayer(s),
            Refusal::Short { paid: 1, cost: 3 },
            Refusal::CannotSit(SitError::NotEnough { have: 3, need: 12 }),
            Refusal::CannotSit(SitError::CaseOpen { id: 2 }),
        ];
        all.extend(RuleError::one_of_each(s).into_iter().map(Refusal::Rule));
        let english = Strings::new(Lang::En);
        for lang in Lang::ALL {
            let words = parse_strings(lang.source()).unwrap();
            let strings = Strings::new(lang);
            for r in &all {
                let m = carved_tables::i18n::Explain::explain(r);
                if let Some(problem) = carved_tables::i18n::unworded(&words, &m) {
                    panic!("{}: {problem}", lang.code());
                }
                if lang != Lang::En {
                    assert_ne!(
                        strings.say(&m),
                        english.say(&m),
                        "{}: {r:?} is not translated",
                        lang.code()
                    );
                }
            }
        }
    }

    #[test]
    fn a_refusal_reaches_the_screen_in_the_players_language() {
        let mut app = app_with(MemoryStore::default());
        let mut settings = app.world().resource::<ActiveSettings>().0.clone();
        settings.lang = Lang::Pt;
        app.world_mut().write_message(ChangeSettings(settings));
        app.update();
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "barjrab/7/7/7/7/7/BARJRAB S +a",
        );
        let before = app.world().resource::<Notices>().items.len();
        intent(&mut app, Intent::Select(sq("d7")));
        let expected = Strings::new(Lang::Pt).say(&carved_tables::i18n::Explain::explain(
            &Refusal::NotYours(sq("d7")),
        ));
        let notices = &app.world().resource::<Notices>().items;
        assert_eq!(notices.len(), before + 1);
        assert_eq!(notices.last().unwrap().text, expected);
        assert!(
            expected.contains("d7") && !expected.contains("There is"),
            "{expected}"
        );
    }

    /// Whether some painted text starts with `words`.
    fn shows_start(p: &Painted, words: &str) -> bool {
        p.texts.iter().any(|t| t.starts_with(words))
    }

    /// Issue 45: a lifted piece with no move said nothing and the hint still spoke of green dots.
    /// The bar now says why, in the player's words, from the rules.
    #[test]
    fn a_lifted_piece_with_no_move_says_why_in_the_players_words() {
        let mut app = app_with(MemoryStore::default());
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        // South's Justice on f3: toward file a its route runs into North's Justice on f5, the
        // other way runs off the court.
        let court = "bar1rab/7/5j1/7/5J1/7/BAR1RAB S +a";
        sit(&mut app, Stakes::Casino, Seat::Bot(Level::Easy), court);
        click(&mut app, "f3");
        assert!(refusals(&mut app).is_empty(), "lifting it is no mistake");
        let Pick::Selected { reach, .. } = &table(&app).pick else {
            panic!("f3 is lifted: {:?}", table(&app).pick)
        };
        assert!(reach.is_empty(), "no dot, no ring: {reach:?}");
        let stuck = table(&app).stuck().expect("the table knows why");
        assert_eq!(stuck.blockers(), vec![sq("f5")]);
        let why = "Justice can't move: one way runs off the court; its route is blocked at f5";
        assert_eq!(
            say(&app, &carved_tables::i18n::Explain::explain(&stuck)),
            why
        );
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(shown.shows(why), "{:?}", shown.texts);
        assert!(
            shown.shows("Select another piece · Esc puts it down"),
            "{:?}",
            shown.texts
        );
        assert!(
            !shows_start(&shown, "Dot: move"),
            "no hint about dots that are not there: {:?}",
            shown.texts
        );
        // A piece that can go somewhere says nothing of the kind.
        click(&mut app, "b1");
        assert_eq!(table(&app).stuck(), None);
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(
            !shows_start(&shown, "Justice can't move"),
            "{:?}",
            shown.texts
        );
        assert!(shows_start(&shown, "Dot: move"), "{:?}", shown.texts);
        // In Portuguese, the same reason in its words.
        let mut settings = app.world().resource::<ActiveSettings>().0.clone();
        settings.lang = Lang::Pt;
        app.world_mut().write_message(ChangeSettings(settings));
        app.update();
        click(&mut app, "f3");
        let shown = look(&mut app, &ctx, &mut panels);
        let pt =
            "Juiz não pode se mover: um dos caminhos sai da corte; o caminho está bloqueado em f5";
        assert!(shown.shows(pt), "{:?}", shown.texts);
    }

    /// Issue 45: "North to move" while the captured piece still stood, and "Your move" before the
    /// engine's reply had landed. The bar's turn, its capture line and its hint change only once
    /// a move's pieces have landed; during the engine's turn no hint speaks to the player.
    #[test]
    fn the_bar_changes_turn_only_once_the_move_has_landed() {
        let mut app = app_with(MemoryStore::default());
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        // The moves take their real time; the engine, seen thinking for a long while, never
        // answers within the test.
        app.insert_resource(Timing {
            think: 1.0e6,
            flip: 0.0,
            ..Timing::PLAY
        });
        // South's Justice on d4 can take North's Barrister on f6, paid with a1 and b1.
        sit(
            &mut app,
            Stakes::Street,
            Seat::Bot(Level::Easy),
            "barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a",
        );
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(shown.shows("Your move"), "{:?}", shown.texts);
        assert!(shows_start(&shown, "The coin chose:"), "{:?}", shown.texts);
        for i in [
            Intent::Select(sq("d4")),
            Intent::Target(sq("f6")),
            Intent::Pay(sq("a1")),
            Intent::Pay(sq("b1")),
            Intent::Confirm,
        ] {
            intent(&mut app, i);
        }
        assert!(refusals(&mut app).is_empty());
        assert_eq!(
            table(&app).pos().to_move(),
            Side::North,
            "the rules passed the turn"
        );
        assert!(table(&app).busy > 0.0, "the Justice is still on its way");
        let took = "South took Barrister (3) f6, paying Bailiff (1) a1 + Advocate (2) b1";
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(shown.shows("Your move"), "{:?}", shown.texts);
        assert!(
            !shows_start(&shown, "North is thinking") && !shown.shows("North to move"),
            "{:?}",
            shown.texts
        );
        assert!(
            !shown.shows(took),
            "not before the pieces have gone: {:?}",
            shown.texts
        );
        // Landed: North's turn, the capture said, and a hint for the wait, not for moving.
        let busy = table(&app).busy;
        app.world_mut().resource_mut::<SnelabTable>().tick(busy);
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(
            shows_start(&shown, "North is thinking"),
            "{:?}",
            shown.texts
        );
        assert!(!shown.shows("Your move"), "{:?}", shown.texts);
        assert!(shown.shows(took), "{:?}", shown.texts);
        assert!(
            shown.shows("While North plays, point at any piece to see its rank and weight"),
            "{:?}",
            shown.texts
        );
        assert!(!shows_start(&shown, "Select a piece"), "{:?}", shown.texts);
        // The engine's reply, on its way: still North's turn on screen, the capture line kept
        // until the reply has landed.
        let reply = legal_actions(&table(&app).pos())[0];
        {
            let mut t = app.world_mut().resource_mut::<SnelabTable>();
            t.play(reply, 0, &Timing::PLAY).unwrap();
            assert!(t.busy > 0.0);
        }
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(
            shows_start(&shown, "North is thinking"),
            "{:?}",
            shown.texts
        );
        assert!(!shown.shows("Your move"), "{:?}", shown.texts);
        let busy = table(&app).busy;
        app.world_mut().resource_mut::<SnelabTable>().tick(busy);
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(shown.shows("Your move"), "{:?}", shown.texts);
        assert!(shows_start(&shown, "Select a piece"), "{:?}", shown.texts);
    }

    /// Issue 45: the capture line went as soon as a piece was lifted. It stays until the next
    /// move, whatever the player lifts or pays meanwhile.
    #[test]
    fn the_capture_line_stays_until_the_next_move() {
        let mut app = app_with(MemoryStore::default());
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        // North's Justice on d4 takes South's Barrister on f2, paid with its Bailiff on a7 and
        // its Advocate on b7; then South lifts a piece, and pays for a capture of its own.
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "bar1rab/7/7/3j3/7/5R1/BARJ1AB N +a",
        );
        for i in [
            Intent::Select(sq("d4")),
            Intent::Target(sq("f2")),
            Intent::Pay(sq("a7")),
            Intent::Pay(sq("b7")),
            Intent::Confirm,
        ] {
            intent(&mut app, i);
        }
        assert!(refusals(&mut app).is_empty());
        let took = "North took Barrister (3) f2, paying Bailiff (1) a7 + Advocate (2) b7";
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(shown.shows(took), "{:?}", shown.texts);
        click(&mut app, "a1");
        assert!(matches!(table(&app).pick, Pick::Selected { .. }));
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(shown.shows(took), "a piece lifted: {:?}", shown.texts);
        // Put down, lifted again and moved: the next move ends the line.
        click(&mut app, "a1");
        assert_eq!(table(&app).pick, Pick::Idle);
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(shown.shows(took), "{:?}", shown.texts);
        click(&mut app, "a1");
        click(&mut app, "a2");
        assert_eq!(table(&app).actions().len(), 2);
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(
            !shown.shows(took),
            "the next move was played: {:?}",
            shown.texts
        );
    }

    /// Issue 45: nothing said which side was the player's, nor what a Bar is.
    #[test]
    fn the_side_panel_says_which_pieces_are_yours_and_what_a_bar_is() {
        let mut app = app_with(MemoryStore::default());
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        sit(
            &mut app,
            Stakes::Casino,
            Seat::Bot(Level::Easy),
            "barjrab/7/7/7/7/7/BARJRAB S +a",
        );
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(
            shown.shows("You play South, the light pieces"),
            "{:?}",
            shown.texts
        );
        assert!(
            shown.shows("Your Bar: 7 pieces, weight 16"),
            "{:?}",
            shown.texts
        );
        assert!(
            shown.shows("The Bar: a side's pieces in play, which pay for its captures"),
            "{:?}",
            shown.texts
        );
        intent(&mut app, Intent::AskResign);
        intent(&mut app, Intent::Resign);
        intent(&mut app, Intent::NextCase);
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "barjrab/7/7/7/7/7/BARJRAB S +a",
        );
        let shown = look(&mut app, &ctx, &mut panels);
        assert!(
            shown.shows("South: light pieces · North: dark pieces"),
            "{:?}",
            shown.texts
        );
        assert!(!shows_start(&shown, "You play"), "{:?}", shown.texts);
    }

    /// Issue 45: the move list's first row was cut in half once it scrolled. The list grows a move
    /// at a time with a pass of the panels after each, as in the game; at every pass each row it
    /// paints is whole inside the list's window (egui paints only the rows that reach into it).
    #[test]
    fn the_move_list_shows_whole_rows_when_it_scrolls() {
        let mut app = app_with(MemoryStore::default());
        let ctx = egui_context();
        let mut panels = SnelabPanels::default();
        sit(
            &mut app,
            Stakes::Street,
            Seat::Person,
            "barjrab/7/7/7/7/7/BARJRAB S +a",
        );
        let numbered = |t: &str| {
            t.split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        };
        // One pass of the panels: the move rows painted, each checked against its window.
        let mut pass = |app: &mut App| -> usize {
            let input = carved_tables::app::kit::harness::window_input(
                Some(ctx.input(|i| i.time) + 0.5),
                Vec::new(),
            );
            let tr = app.world().resource::<Tr>().clone();
            let out = app
                .world_mut()
                .resource_scope(|_, mut table: Mut<SnelabTable>| {
                    ctx.run_ui(input, |ui| {
                        draw_panels(ui.ctx(), &tr, &mut table, &mut panels, &Moment::default());
                    })
                });
            let mut painted = 0;
            let mut cut = Vec::new();
            for c in &out.shapes {
                if let egui::Shape::Text(t) = &c.shape
                    && numbered(t.galley.text())
                {
                    let rect = t.galley.rect.translate(t.pos.to_vec2());
                    if !c.clip_rect.expand(0.5).contains_rect(rect) {
                        cut.push(format!(
                            "`{}` at {rect:?} in {:?}",
                            t.galley.text(),
                            c.clip_rect
                        ));
                    }
                    painted += 1;
                }
            }
            out.drop_without_applying_deltas();
            assert!(cut.is_empty(), "rows cut by the list's window: {cut:?}");
            painted
        };
        // A long case: each side moves (a capture only when it must) its least advanced piece,
        // never onto its Bench.
        let mut painted = 0;
        while table(&app).actions().len() < 60 && table(&app).phase() == Phase::Play {
            let pos = table(&app).pos();
            let h = pos.court().height();
            let bench = |s: Side| if s == Side::South { h - 1 } else { 0 };
            let me = pos.to_move();
            let Some(a) = legal_actions(&pos)
                .into_iter()
                .filter(|a| a.to().row != bench(me))
                .min_by_key(|a| {
                    (
                        a.is_capture(),
                        std::cmp::Reverse(a.from().row.abs_diff(bench(me))),
                    )
                })
            else {
                break;
            };
            let now = table(&app).actions().len() as u64;
            app.world_mut()
                .resource_mut::<SnelabTable>()
                .play(a, now, &Timing::INSTANT)
                .unwrap();
            painted = pass(&mut app);
            painted = painted.max(pass(&mut app));
        }
        let pairs = table(&app).actions().len().div_ceil(2);
        assert!(painted >= 8, "{painted} rows in view");
        assert!(
            painted < pairs,
            "the list scrolled: {painted} of {pairs} rows in view"
        );
    }

    /// No English sentence is built with `format!` for the screen at the Snēlab table: every
    /// word comes from the strings files. (Ids and numbers may be formatted.)
    #[test]
    fn the_snelab_table_formats_no_words_of_its_own() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/snelab");
        let mut stack = vec![root];
        let ids = ["cant", "tick"];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for piece in text.split("format!(\"").skip(1) {
                    let literal = piece.split('"').next().unwrap_or("");
                    let mut bare = String::new();
                    let mut depth = 0;
                    for c in literal.chars() {
                        match c {
                            '{' => depth += 1,
                            '}' => depth -= 1,
                            c if depth == 0 => bare.push(c),
                            _ => {}
                        }
                    }
                    for word in bare.split(|c: char| !c.is_alphabetic()) {
                        assert!(
                            word.chars().count() < 3 || ids.contains(&word),
                            "{}: `{literal}` builds words for the screen",
                            path.display()
                        );
                    }
                }
            }
        }
    }

    /// At a server's table (issues: the fingerprint never shown, the verdict's "matches" said
    /// whatever the seed, a seat asked for with less than the stake).
    mod online {
        use super::*;
        use carved_tables::app::kit::link::{GoOnline, Online};
        use carved_tables::app::kit::online::Ask;
        use carved_tables::fair::{Seed, short};
        use carved_tables::net::client::{Heard, Link, Request};
        use carved_tables::net::protocol::{
            EndReason, Outcome, SeatId, SeatKind, SeatView, Side as Wire,
        };

        const NOW: u64 = 1_795_000_000;
        const MATCHES: &str =
            "The seed is revealed: its fingerprint matches the one shown at the start.";
        const FAILS: &str =
            "✖ The seed revealed does NOT match the fingerprint shown at the start.";

        fn join() -> Request {
            Request::Join {
                code: "K7M2QX".into(),
                name: "Ana".into(),
            }
        }

        /// This device (Ana) seated at a server's table (staged: no connection opens), and
        /// the case started, the server's fingerprint that of `seed`; Ana plays South.
        fn online_case(app: &mut App, seed: Seed) {
            let mut t = app.world_mut().resource_mut::<SnelabTable>();
            t.go_online(join(), "ws://staged".into());
            if let Some(o) = t.host.as_mut() {
                o.staged = true;
                o.link = Link::Connected;
            }
            t.heard(
                Heard::Seated {
                    code: "K7M2QX".into(),
                    seat: SeatId::First,
                    token: "t".into(),
                },
                &Timing::INSTANT,
                NOW,
            );
            assert_eq!(t.phase(), Phase::Lobby, "waiting for the start");
            assert_eq!(
                t.told_fingerprint(),
                None,
                "no fingerprint before the start"
            );
            let seat = |seat, name: &str, colour| SeatView {
                seat,
                kind: SeatKind::Human,
                level: None,
                name: name.into(),
                connected: true,
                you: seat == SeatId::First,
                colour: Some(colour),
                fingerprint: None,
                key: None,
                rating: None,
            };
            t.heard(
                Heard::Started {
                    fingerprint: seed.fingerprint(),
                    ash: SeatId::First,
                    seats: [
                        seat(SeatId::First, "Ana", Wire::Ash),
                        seat(SeatId::Second, "Rui", Wire::Walnut),
                    ],
                    time_left_ms: Some(60_000),
                },
                &Timing::INSTANT,
                NOW,
            );
            assert_eq!(t.phase(), Phase::Play);
        }

        /// Rui resigned at the server, which revealed `seed` with its record.
        fn rui_resigned(app: &mut App, seed: Seed) {
            ended(app, Wire::Ash, seed);
        }

        /// The server ended the case by a resignation, `winner` winning, and revealed `seed`
        /// with its record.
        fn ended(app: &mut App, winner: Wire, seed: Seed) {
            let mut t = app.world_mut().resource_mut::<SnelabTable>();
            t.heard(
                Heard::Ended {
                    outcome: Outcome {
                        winner: Some(winner),
                        reason: EndReason::Resigned,
                    },
                    seed: seed.to_hex(),
                    record: "# Snēlab case record\n".into(),
                    ratings: None,
                },
                &Timing::INSTANT,
                NOW + 60,
            );
            assert!(matches!(t.phase(), Phase::Verdict(_)));
        }

        #[test]
        fn the_seeds_fingerprint_shows_from_the_start_of_the_case_the_whole_a_click_away() {
            let mut app = app_with(MemoryStore::default());
            let ctx = egui_context();
            let mut panels = SnelabPanels::default();
            let seed = Seed([9; 32]);
            let fp = seed.fingerprint();
            online_case(&mut app, seed);
            let shown = look(&mut app, &ctx, &mut panels);
            assert!(shown.shows("Fingerprint"), "{:?}", shown.texts);
            assert!(shown.shows(&short(&fp)), "{:?}", shown.texts);
            assert!(!shown.shows("Copy"), "{:?}", shown.texts);
            // The short value clicked: the whole of it, in lines that fit the side panel.
            panels.fingerprint = true;
            let shown = look(&mut app, &ctx, &mut panels);
            let whole: String = shown
                .texts
                .iter()
                .filter(|t| t.len() >= 8 && fp.contains(t.as_str()))
                .cloned()
                .collect();
            assert_eq!(whole, fp, "{:?}", shown.texts);
            assert!(shown.shows("Copy"), "{:?}", shown.texts);
            // At the verdict it is still there, beside the seed's check.
            rui_resigned(&mut app, seed);
            panels.fingerprint = false;
            let shown = look(&mut app, &ctx, &mut panels);
            assert!(shown.shows(&short(&fp)), "{:?}", shown.texts);
        }

        #[test]
        fn the_verdict_says_the_fingerprint_matches_only_when_it_does() {
            let ctx = egui_context();
            let mut panels = SnelabPanels::default();
            let mut app = app_with(MemoryStore::default());
            online_case(&mut app, Seed([9; 32]));
            rui_resigned(&mut app, Seed([9; 32]));
            let shown = look(&mut app, &ctx, &mut panels);
            assert!(shown.shows(MATCHES), "{:?}", shown.texts);
            assert!(!shown.shows(FAILS), "{:?}", shown.texts);
            // Another seed revealed than the one fingerprinted at the start.
            let mut app = app_with(MemoryStore::default());
            online_case(&mut app, Seed([9; 32]));
            rui_resigned(&mut app, Seed([8; 32]));
            let shown = look(&mut app, &ctx, &mut panels);
            assert!(!shown.shows(MATCHES), "{:?}", shown.texts);
            assert!(shown.shows(FAILS), "{:?}", shown.texts);
            assert!(
                shown.shows("The server's record does NOT verify: check it with tables verify.")
            );
        }

        /// With less than the stake (12) in the purse no seat is asked for at a server (the
        /// lobby's Open an online table and Join, the Online screen's Open and Join, `--online`):
        /// nothing is sent, and the player is told to use Reset all. Watching needs no stake.
        #[test]
        fn with_less_than_the_stake_no_online_seat_is_asked_for() {
            let mut app = app_with(MemoryStore::default());
            for _ in 0..8 {
                {
                    let mut t = app.world_mut().resource_mut::<SnelabTable>();
                    t.setup.opponent = Seat::Person;
                    t.setup.stakes = Stakes::Street;
                }
                intent(&mut app, Intent::Sit);
                // North steps onto South's Counter at once: South loses.
                let pos: Position = "7/7/7/7/7/3b3/B6 N +a".parse().unwrap();
                app.world_mut().resource_mut::<SnelabTable>().restage(pos);
                click(&mut app, "d2");
                click(&mut app, "d1");
                intent(&mut app, Intent::NextCase);
            }
            assert_eq!(table(&app).purse.coins(), 4);
            let open = Request::Create {
                game: GameKind::Snelab,
                options: table(&app).table_options(),
                clock: None,
                bot_fill: None,
                name: "Ana".into(),
                control: None,
                public: false,
                rated: false,
            };
            for request in [open.clone(), join()] {
                app.world_mut().write_message(GoOnline {
                    game: GameKind::Snelab,
                    request,
                    url: "ws://127.0.0.1:9/ws".into(),
                    back: None,
                });
                app.update();
                assert!(table(&app).host.is_none(), "nothing goes to the server");
            }
            let told: Vec<String> = app
                .world()
                .resource::<Notices>()
                .items
                .iter()
                .map(|n| n.text.clone())
                .collect();
            let why = "You have 4 in your purse and an online case takes a stake of 12: nothing \
                       was sent to the server. Use Reset all at the Snēlab table to start again.";
            assert_eq!(told.iter().filter(|t| *t == why).count(), 1, "{told:?}");
            let spectate = Request::Spectate {
                code: "K7M2QX".into(),
            };
            assert_eq!(table(&app).refuse_seat(&spectate), None);
            // Reset all: the purse is full again, and a seat may be asked for.
            intent(&mut app, Intent::ResetAll);
            assert_eq!(table(&app).refuse_seat(&open), None);
            assert_eq!(table(&app).refuse_seat(&join()), None);
        }

        /// A rematch is a new case: with less than the stake left after the verdict it is not
        /// asked for (nor accepted), and the player is told why.
        #[test]
        fn with_less_than_the_stake_no_rematch_is_asked_for() {
            let mut app = app_with(MemoryStore::default());
            // Seven street cases lost here: 16 left; the online case takes 12 and is lost.
            for _ in 0..7 {
                {
                    let mut t = app.world_mut().resource_mut::<SnelabTable>();
                    t.setup.opponent = Seat::Person;
                    t.setup.stakes = Stakes::Street;
                }
                intent(&mut app, Intent::Sit);
                let pos: Position = "7/7/7/7/7/3b3/B6 N +a".parse().unwrap();
                app.world_mut().resource_mut::<SnelabTable>().restage(pos);
                click(&mut app, "d2");
                click(&mut app, "d1");
                intent(&mut app, Intent::NextCase);
            }
            assert_eq!(table(&app).purse.coins(), 16);
            online_case(&mut app, Seed([9; 32]));
            ended(&mut app, Wire::Walnut, Seed([9; 32]));
            assert_eq!(table(&app).purse.coins(), 4);
            assert!(table(&app).host.as_ref().unwrap().may_rematch());
            refusals(&mut app);
            intent(&mut app, Intent::Ask(Ask::Rematch));
            assert!(matches!(
                refusals(&mut app).as_slice(),
                [Refusal::CannotSit(SitError::NotEnough {
                    have: 4,
                    need: 12
                })]
            ));
            let host = table(&app).host.as_ref().unwrap();
            assert!(host.outgoing.is_empty(), "{:?}", host.outgoing);
            assert!(!host.rematch_asked());
        }
    }
}

/// A whole case against the engine with the keyboard alone.
mod snelab_keys {
    use bevy::prelude::*;
    use carved_tables::ai::Level;
    use carved_tables::app::snelab::{self, Pick, SnelabTable};
    use carved_tables::play::Seat;
    use carved_tables::play::snelab::Phase;
    use carved_tables::rules::GameKind;
    use carved_tables::rules::snelab::Side;
    use carved_tables::save::MemoryStore;

    fn press(app: &mut App, key: KeyCode) {
        carved_tables::app::kit::harness::press(app, key);
    }

    fn table(app: &App) -> &snelab::Table {
        app.world().resource::<SnelabTable>()
    }

    /// The table open, with a keyboard.
    fn keyed_app() -> App {
        let mut app = super::snelab::app_with(MemoryStore::default());
        app.init_resource::<ButtonInput<KeyCode>>();
        app
    }

    #[test]
    fn a_whole_case_by_keyboard_alone() {
        let mut app = keyed_app();
        app.world_mut().resource_mut::<SnelabTable>().setup.opponent = Seat::Bot(Level::Easy);
        // Enter sits down at the lobby.
        press(&mut app, KeyCode::Enter);
        assert_eq!(table(&app).phase(), Phase::Play);
        let mut guard = 0;
        while table(&app).phase() == Phase::Play {
            guard += 1;
            assert!(guard < 5000, "the case ends");
            if table(&app).pos().to_move() != Side::South {
                app.update();
                std::thread::sleep(std::time::Duration::from_millis(1));
                continue;
            }
            let played = table(&app).actions().len();
            match table(&app).pick.clone() {
                // Tab lifts the next piece that can go somewhere.
                Pick::Idle => press(&mut app, KeyCode::Tab),
                // An arrow puts the focus on a target, Enter sends the piece there.
                Pick::Selected { .. } => {
                    if table(&app)
                        .focus_ring()
                        .contains(&table(&app).focus.unwrap())
                    {
                        press(&mut app, KeyCode::Enter);
                    } else {
                        press(&mut app, KeyCode::ArrowRight);
                    }
                }
                // Arrows and Space pick payers until the sum is exact; Enter confirms.
                Pick::Paying { chosen, state, .. } => {
                    let focus = table(&app).focus;
                    if state.is_complete() {
                        press(&mut app, KeyCode::Enter);
                        assert!(table(&app).actions().len() > played, "confirmed");
                    } else if focus
                        .is_some_and(|f| state.addable.contains(&f) && !chosen.contains(&f))
                    {
                        press(&mut app, KeyCode::Space);
                    } else {
                        press(&mut app, KeyCode::ArrowRight);
                    }
                }
            }
        }
        assert!(matches!(table(&app).phase(), Phase::Verdict(_)));
        assert_eq!(table(&app).purse.books().len(), 1);
        // Enter goes on to the next case.
        press(&mut app, KeyCode::Enter);
        assert_eq!(table(&app).phase(), Phase::Lobby);
    }

    #[test]
    fn escape_puts_a_lifted_piece_down_without_leaving_the_table() {
        let mut app = keyed_app();
        app.world_mut().resource_mut::<SnelabTable>().setup.opponent = Seat::Person;
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Tab);
        assert!(matches!(table(&app).pick, Pick::Selected { .. }));
        press(&mut app, KeyCode::Escape);
        assert_eq!(table(&app).pick, Pick::Idle);
        assert_eq!(
            *app.world()
                .resource::<State<carved_tables::app::screens::Screen>>()
                .get(),
            carved_tables::app::screens::Screen::Table(GameKind::Snelab),
            "Escape that backs out does not leave the table"
        );
    }
}

/// The Ash & Walnut table driven as picking and the keyboard drive it: clicks on tiles, cells
/// and reserves, intents, the bot's seat, the clock, the saved game and the record.
mod hive {
    use bevy::prelude::*;
    use bevy::time::TimeUpdateStrategy;
    use carved_tables::ai::Level;

    use carved_tables::app::hive::{
        self, HiveClicked, HiveTable, Intent, Phase, Pick, Refusal, Timing, VerifyPage,
    };
    use carved_tables::app::kit::{Clicked, harness};
    use carved_tables::app::save::Notices;
    use carved_tables::app::screens::Navigate;
    use carved_tables::play::Seat;
    use carved_tables::rules::GameKind;
    use carved_tables::rules::hive::{Colour, Creature, Hex, Move, State};
    use carved_tables::save::{KeyValue, MemoryStore};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::time::Duration;

    pub(super) fn app_with(store: MemoryStore) -> App {
        harness::open::<HiveTable>(hive::core_plugin, store, Timing::INSTANT)
    }

    fn saved(app: &App) -> MemoryStore {
        harness::saved(app, &["settings", "hive.game"])
    }

    fn table(app: &App) -> &hive::Table {
        harness::table::<HiveTable>(app)
    }

    fn intent(app: &mut App, i: Intent) {
        harness::intent::<HiveTable>(app, i);
    }

    fn click(app: &mut App, c: HiveClicked) {
        harness::click::<HiveTable>(app, c);
    }

    fn refusals(app: &mut App) -> Vec<Refusal> {
        harness::refusals::<HiveTable>(app)
    }

    fn start(app: &mut App, opponent: Seat) {
        intent(app, Intent::Choose(opponent));
        intent(app, Intent::Start);
        assert_eq!(table(app).phase, Phase::Play);
    }

    /// The clicks a person makes for `m`: the reserve (or the piece's cell), then the cell.
    fn clicks_for(state: &State, m: Move) -> Vec<HiveClicked> {
        match m {
            Move::Place { piece, to } => {
                let top = state
                    .board()
                    .next_in_reserve(piece.colour(), piece.creature())
                    .unwrap();
                vec![HiveClicked::Reserve(top), HiveClicked::Cell(to)]
            }
            Move::Shift { from, to, .. } => vec![HiveClicked::Cell(from), HiveClicked::Cell(to)],
            Move::Pass => vec![],
        }
    }

    /// Plays until the game is over: the person's moves by clicks (seeded random choices), the
    /// bot's on its thread. Returns the number of moves the person played.
    fn play_out_by_clicks(app: &mut App, seed: u64) -> usize {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut mine = 0;
        let mut guard = 0;
        while table(app).phase == Phase::Play {
            guard += 1;
            assert!(guard < 20_000, "the game ends");
            if !table(app).person_to_act() {
                app.update();
                std::thread::sleep(Duration::from_millis(1));
                continue;
            }
            let state = table(app).state().unwrap().clone();
            let legal: Vec<Move> = state
                .legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Pass)
                .collect();
            if legal.is_empty() {
                // Nothing but a pass: the table passes for the person on its next tick.
                app.update();
                continue;
            }
            let m = legal[rng.random_range(0..legal.len())];
            for c in clicks_for(&state, m) {
                click(app, c);
            }
            assert!(
                table(app).state().unwrap().moves().any(|x| x == m),
                "{m:?} was played by its clicks"
            );
            mine += 1;
        }
        mine
    }

    #[test]
    fn a_whole_game_against_the_bot_by_clicks_leaves_a_record_that_verifies() {
        let mut app = app_with(MemoryStore::default());
        start(&mut app, Seat::Bot(Level::Easy));
        let g = table(&app).game.clone().unwrap();
        assert_eq!(
            g.game()
                .seat(g.colour_of(carved_tables::fair::SeatOrder::Second)),
            Seat::Bot(Level::Easy)
        );
        let mine = play_out_by_clicks(&mut app, 3);
        assert!(mine > 0);
        let t = table(&app);
        assert_eq!(t.phase, Phase::Over);
        let game = t.game.as_ref().unwrap();
        assert!(game.ending().is_some());
        assert!(game.revealed().is_some(), "the seed is revealed at the end");
        let mut page = VerifyPage::default();
        page.load_text(&game.record().to_text());
        assert!(page.verified(), "{:?}", page.verdict);
        // The finished game is no longer offered to continue.
        let app2 = app_with(saved(&app));
        assert!(table(&app2).saved.is_none());
    }

    /// The lobby's game type is the settings' after a restart; a game started there has the
    /// chosen creatures in both reserves, and their moves by clicks, the Hedgehog's carry too.
    #[test]
    fn the_game_type_kept_in_the_settings_sets_out_the_next_game_and_its_creatures_play() {
        use carved_tables::app::save::{ActiveSettings, ChangeSettings};
        use carved_tables::rules::hive::GameType;
        let mut app = app_with(MemoryStore::default());
        assert_eq!(table(&app).game_type, GameType::BASE);
        let mut s = app.world().resource::<ActiveSettings>().0.clone();
        s.hive_game_type = GameType::with(&[Creature::Jay, Creature::Hedgehog]);
        app.world_mut().write_message(ChangeSettings(s));
        app.update();
        let mut app = app_with(saved(&app));
        let chosen = table(&app).game_type;
        assert_eq!(chosen.to_string(), "Base+MP");
        start(&mut app, Seat::Person);
        let state = table(&app).state().unwrap().clone();
        assert_eq!(state.game_type(), chosen);
        for colour in [Colour::Ash, Colour::Walnut] {
            let b = state.board();
            assert_eq!(b.reserve_count(colour, Creature::Jay), 1);
            assert_eq!(b.reserve_count(colour, Creature::Hedgehog), 1);
            assert_eq!(b.reserve_count(colour, Creature::Squirrel), 0);
        }
        // Both sides play the Hedgehog and the Jay by clicks, then ash's Hedgehog carries.
        for mv in [
            "wP", "bM wP-", "wQ -wP", "bQ bM-", "wA1 -wQ", "bQ bM/", "wA1 \\wQ", "bQ \\bM",
            "wA1 -wQ", "bA1 bM\\",
        ] {
            let state = table(&app).state().unwrap().clone();
            let m = state.parse_move(mv).unwrap();
            for c in clicks_for(&state, m) {
                click(&mut app, c);
            }
            assert!(
                table(&app).state().unwrap().moves().any(|x| x == m),
                "{mv} by its clicks: {:?}",
                refusals(&mut app)
            );
        }
        let state = table(&app).state().unwrap().clone();
        let carries: Vec<Move> = state
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m, Move::Shift { piece, .. } if piece.colour() == Colour::Walnut))
            .collect();
        let Some(&carry) = carries.first() else {
            panic!(
                "the Hedgehog may carry a walnut piece: {}",
                state.game_string()
            );
        };
        for c in clicks_for(&state, carry) {
            click(&mut app, c);
        }
        assert!(refusals(&mut app).is_empty());
        assert_eq!(table(&app).state().unwrap().moves().last(), Some(carry));
    }

    #[test]
    fn after_the_end_play_opens_the_lobby_and_verify_comes_back_to_the_game() {
        use carved_tables::app::screens::MenuPage;
        let go = |app: &mut App, to: Navigate| {
            app.world_mut().write_message(to);
            app.update();
            app.update();
        };
        let mut app = app_with(MemoryStore::default());
        start(&mut app, Seat::Bot(Level::Easy));
        intent(&mut app, Intent::Resign);
        assert_eq!(table(&app).phase, Phase::Over);
        // "Verify this game", then "Back to the game": the finished game and its banner.
        app.world_mut().resource_mut::<VerifyPage>().from_game = true;
        go(
            &mut app,
            Navigate::Menu(MenuPage::Tool(GameKind::Hive, "verify")),
        );
        go(&mut app, Navigate::Table(GameKind::Hive));
        assert_eq!(table(&app).phase, Phase::Over);
        assert!(!app.world().resource::<VerifyPage>().from_game);
        // The menu, then Play: the lobby, not the old end.
        go(&mut app, Navigate::Menu(MenuPage::Main));
        go(&mut app, Navigate::Table(GameKind::Hive));
        assert_eq!(table(&app).phase, Phase::Lobby);
        assert!(table(&app).game.is_none());
    }

    #[test]
    fn a_game_with_the_expansions_is_told_on_its_own_board() {
        use carved_tables::fair::Seed;
        use carved_tables::play::ClockSetting;
        use carved_tables::play::hive::HiveGame;
        use carved_tables::rules::hive::GameType;
        let mut app = app_with(MemoryStore::default());
        let mut g = HiveGame::new(
            [Seat::Person, Seat::Person],
            [String::new(), String::new()],
            Seed([1; 32]),
            ClockSetting::default(),
            0,
        )
        .of_type(GameType::MLP);
        let played = ["wM", "bL wM-", "wP -wM"];
        for text in played {
            let side = g.awaited().unwrap();
            g.submit_text(side, text).unwrap();
        }
        app.world_mut().resource_mut::<HiveTable>().resume(g);
        app.update();
        let lines = table(&app).move_lines();
        let notation: Vec<&str> = lines.iter().map(|l| l.notation.as_str()).collect();
        assert_eq!(notation, played);
        let by: Vec<Colour> = lines.iter().map(|l| l.by).collect();
        assert_eq!(by, [Colour::Ash, Colour::Walnut, Colour::Ash]);
        let words = format!("{:?}", lines[2].words);
        assert!(words.contains("hive.creature.hedgehog"), "{words}");
        assert!(words.contains("hive.creature.jay"), "{words}");
    }

    #[test]
    fn a_hot_seat_game_by_clicks_of_both_people() {
        let mut app = app_with(MemoryStore::default());
        start(&mut app, Seat::Person);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut guard = 0;
        while table(&app).phase == Phase::Play {
            guard += 1;
            assert!(guard < 1000);
            assert!(table(&app).person_to_act(), "both seats are people here");
            let state = table(&app).state().unwrap().clone();
            let legal: Vec<Move> = state.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            if m == Move::Pass {
                app.update();
                continue;
            }
            for c in clicks_for(&state, m) {
                click(&mut app, c);
            }
            assert_eq!(table(&app).state().unwrap().moves().last(), Some(m));
        }
        assert!(table(&app).game.as_ref().unwrap().ending().is_some());
    }

    #[test]
    fn a_whole_game_by_keyboard_alone() {
        let mut app = app_with(MemoryStore::default());
        app.init_resource::<ButtonInput<KeyCode>>();
        intent(&mut app, Intent::Choose(Seat::Bot(Level::Easy)));
        let press = carved_tables::app::kit::harness::press;
        // Enter starts at the lobby.
        press(&mut app, KeyCode::Enter);
        assert_eq!(table(&app).phase, Phase::Play);
        let mut guard = 0;
        let mut steps = 0;
        while table(&app).phase == Phase::Play {
            guard += 1;
            assert!(guard < 40_000, "the game ends");
            if !table(&app).person_to_act() {
                app.update();
                std::thread::sleep(Duration::from_millis(1));
                continue;
            }
            steps += 1;
            match table(&app).pick.clone() {
                // Tab lifts the next reserve stack or piece that can go somewhere.
                Pick::Idle => press(&mut app, KeyCode::Tab),
                // An arrow puts the focus on a ring, Enter sets the piece down there.
                _ => {
                    if matches!(table(&app).focus, Some(hive::Focus::Ring(_))) {
                        press(&mut app, KeyCode::Enter);
                    } else {
                        press(
                            &mut app,
                            if steps % 3 == 0 {
                                KeyCode::ArrowLeft
                            } else {
                                KeyCode::ArrowRight
                            },
                        );
                    }
                }
            }
        }
        assert_eq!(table(&app).phase, Phase::Over);
    }

    #[test]
    fn refused_actions_change_nothing_and_say_why() {
        let mut app = app_with(MemoryStore::default());
        // Before a game: not now.
        intent(&mut app, Intent::LiftReserve(Creature::Fox));
        assert_eq!(refusals(&mut app), vec![Refusal::NotNow]);
        start(&mut app, Seat::Person);
        let ash = |app: &App| table(app).state().unwrap().to_move();
        assert_eq!(ash(&app), Colour::Ash);
        // The Elder may not open the game: the rules say why, and nothing changes.
        intent(&mut app, Intent::LiftReserve(Creature::Elder));
        intent(&mut app, Intent::Target(Hex::new(0, 0)));
        let r = refusals(&mut app);
        assert!(matches!(r.as_slice(), [Refusal::Rule(_)]), "{r:?}");
        assert_eq!(table(&app).state().unwrap().ply(), 0);
        let before = app.world().resource::<Notices>().items.len();
        // A Fox on a cell that is not the middle: an illegal cell.
        intent(&mut app, Intent::LiftReserve(Creature::Fox));
        intent(&mut app, Intent::Target(Hex::new(3, 0)));
        assert!(matches!(refusals(&mut app).as_slice(), [Refusal::Rule(_)]));
        assert!(
            app.world().resource::<Notices>().items.len() > before,
            "the refusal is told"
        );
        intent(&mut app, Intent::Target(Hex::new(0, 0)));
        assert_eq!(table(&app).state().unwrap().ply(), 1);
        // Walnut's turn: ash's piece is the opponent's now.
        intent(&mut app, Intent::LiftAt(Hex::new(0, 0)));
        assert!(matches!(
            refusals(&mut app).as_slice(),
            [Refusal::NotYours(_)]
        ));
        // Against the bot, acting in the bot's turn is refused.
        let mut app = app_with(MemoryStore::default());
        start(&mut app, Seat::Bot(Level::Easy));
        let game = table(&app).game.clone().unwrap();
        let bot = game.colour_of(carved_tables::fair::SeatOrder::Second);
        if bot == Colour::Walnut {
            // Ash (the person) opens; after the person's move the bot is to act.
            intent(&mut app, Intent::LiftReserve(Creature::Fox));
            intent(&mut app, Intent::Target(Hex::new(0, 0)));
        }
        // The bot's turn now (before its thread answers, the frames go on).
        if table(&app).state().unwrap().to_move() == bot {
            let ply = table(&app).state().unwrap().ply();
            let clicks = [HiveClicked::Reserve(
                table(&app)
                    .state()
                    .unwrap()
                    .board()
                    .next_in_reserve(bot, Creature::Hare)
                    .unwrap(),
            )];
            intent(&mut app, Intent::LiftReserve(Creature::Hare));
            assert_eq!(refusals(&mut app), vec![Refusal::NotNow]);
            app.world_mut()
                .write_message(Clicked::<HiveTable>(clicks[0]));
            app.update();
            assert!(table(&app).state().unwrap().ply() >= ply);
            assert_eq!(
                table(&app).pick,
                Pick::Idle,
                "a click in the bot's turn lifts nothing"
            );
        }
    }

    #[test]
    fn the_clock_plays_the_timeout_move_and_the_record_still_verifies() {
        let mut app = app_with(MemoryStore::default());
        start(&mut app, Seat::Person);
        let state = table(&app).state().unwrap().clone();
        let expected = carved_tables::ai::hive::timeout_move(&state).unwrap();
        // Sixty seconds and a little more pass without a move (in one frame: the clock is data).
        app.world_mut()
            .resource_mut::<Time<Virtual>>()
            .set_max_delta(Duration::from_secs(120));
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            60_500,
        )));
        app.update();
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            10,
        )));
        app.update();
        let t = table(&app);
        let game = t.game.as_ref().unwrap();
        assert_eq!(
            game.state().moves().next(),
            Some(expected),
            "the deterministic move"
        );
        assert!(game.game().record()[0].timeout);
        assert!(t.move_list()[0].contains('⏱'), "marked in the move list");
        let text = game.record().to_text();
        assert!(text.contains("move timeout "));
        let mut page = VerifyPage::default();
        page.load_text(&text);
        assert!(page.verified(), "{:?}", page.verdict);
    }

    #[test]
    fn a_pasted_record_is_verified_and_a_bad_clipboard_changes_nothing() {
        let mut app = app_with(MemoryStore::default());
        start(&mut app, Seat::Bot(Level::Easy));
        play_out_by_clicks(&mut app, 3);
        let text = table(&app).game.as_ref().unwrap().record().to_text();
        let mut page = VerifyPage::default();
        page.pasted(Ok(text.clone()));
        assert_eq!(page.text, text);
        assert!(page.verified(), "{:?}", page.verdict);
        // An empty clipboard or a refusal: said so, the field kept.
        for (answer, key) in [
            (Ok("  \n".to_string()), "hive.verify.clipboard_empty"),
            (Err("denied".to_string()), "hive.verify.cannot_paste"),
        ] {
            page.pasted(answer);
            assert_eq!(page.text, text);
            match &page.verdict {
                Some(hive::Verdict::Unreadable(m)) => assert_eq!(m.key, key),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn tampered_records_fail_at_the_right_check() {
        let mut app = app_with(MemoryStore::default());
        start(&mut app, Seat::Bot(Level::Easy));
        play_out_by_clicks(&mut app, 5);
        let record = table(&app).game.as_ref().unwrap().record();
        let failed = |text: String| -> Vec<&'static str> {
            match hive::verify_text(&text) {
                hive::Verdict::Checked { checks, .. } => checks
                    .into_iter()
                    .filter(|c| !c.passed)
                    .map(|c| c.name)
                    .collect(),
                other => panic!("{other:?}"),
            }
        };
        // One move changed.
        let mut r = record.clone();
        let i = r
            .entries
            .iter()
            .position(|e| matches!(e, carved_tables::rules::hive::RecordedEntry::Move(_)))
            .unwrap()
            + 2;
        if let carved_tables::rules::hive::RecordedEntry::Move(m) = &mut r.entries[i] {
            m.text = "wQ wQ".into();
        }
        let f = failed(r.to_text());
        assert_eq!(f.first(), Some(&"moves"), "{f:?}");
        // The seed changed: the fingerprint no longer matches.
        let mut r = record.clone();
        r.seed = carved_tables::fair::Seed([9; 32]);
        let f = failed(r.to_text());
        assert_eq!(f.first(), Some(&"fingerprint"), "{f:?}");
        // The seating swapped.
        let mut r = record.clone();
        r.ash = match r.ash {
            carved_tables::fair::SeatOrder::First => carved_tables::fair::SeatOrder::Second,
            carved_tables::fair::SeatOrder::Second => carved_tables::fair::SeatOrder::First,
        };
        assert_eq!(failed(r.to_text()), vec!["colour rule"]);
    }

    #[test]
    fn a_game_resumes_after_a_restart_and_a_damaged_save_is_told() {
        let mut app = app_with(MemoryStore::default());
        start(&mut app, Seat::Person);
        for text in ["wS1", "bS1 wS1-", "wQ -wS1"] {
            let m = table(&app).state().unwrap().parse_move(text).unwrap();
            intent(&mut app, Intent::Play(m));
        }
        app.world_mut()
            .resource_mut::<Time<Virtual>>()
            .set_max_delta(Duration::from_secs(120));
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            12_000,
        )));
        app.update();
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(1)));
        app.update();
        let left = table(&app).time_left().unwrap();
        assert!(left < 49.0, "{left}");
        let store = saved(&app);
        let mut app2 = app_with(store.clone());
        assert!(table(&app2).saved.is_some(), "the lobby offers to continue");
        intent(&mut app2, Intent::Continue);
        assert_eq!(table(&app2).phase, Phase::Play);
        assert_eq!(table(&app2).state(), table(&app).state());
        let resumed = table(&app2).time_left().unwrap();
        assert!(
            (resumed - left).abs() < 1.0,
            "the clock resumes where it stood: {resumed} {left}"
        );
        // A damaged save: told, and a fresh game offered.
        let mut damaged = store;
        damaged
            .set_raw("hive.game", "{\"version\":1,\"data\":{\"secret\":".into())
            .unwrap();
        let app3 = app_with(damaged);
        assert!(table(&app3).saved.is_none());
        assert_eq!(table(&app3).phase, Phase::Lobby);
        let notices = &app3.world().resource::<Notices>().items;
        assert!(
            notices.iter().any(|n| n.text.contains("saved game")),
            "{notices:?}"
        );
    }
}

#[path = "app/chess.rs"]
mod chess;
#[path = "app/learn.rs"]
mod learn;
#[path = "app/replay.rs"]
mod replay;

#[path = "app/chess_cards.rs"]
mod chess_cards;

mod fonts {
    use bevy_egui::egui::epaint::text::{Fonts, TextOptions};
    use bevy_egui::egui::{FontFamily, FontId};
    use carved_tables::app::style::{FONT_FILES, font_definitions};
    use std::collections::BTreeSet;
    use std::path::Path;

    /// Every character beyond plain ASCII in the texts the game shows: its translations, rules
    /// pages and theme, and the string literals of the interface's code (comment lines skipped).
    fn characters_the_game_writes() -> BTreeSet<(char, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        let mut dirs = vec![root.join("assets/i18n"), root.join("assets/rules")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    files.push(path);
                }
            }
        }
        files.push(root.join("assets/theme.ron"));
        let mut code = vec![root.join("src/app")];
        while let Some(dir) = code.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    code.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        let mut found = BTreeSet::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let is_code = file.extension().is_some_and(|e| e == "rs");
            for line in text.lines() {
                let line = if is_code {
                    if line.trim_start().starts_with("//") {
                        continue;
                    }
                    line.split(" // ").next().unwrap()
                } else {
                    line
                };
                for c in line.chars().filter(|c| !c.is_ascii() && !c.is_control()) {
                    let name = file.strip_prefix(root).unwrap().display().to_string();
                    found.insert((c, name));
                }
            }
        }
        found
    }

    /// Whether one of the game's fonts has a glyph for `c` (egui's own `has_glyph` answers no
    /// for any character drawn by the face that also draws its replacement box).
    fn drawable(faces: &[ttf_parser::Face], c: char) -> bool {
        faces.iter().any(|face| face.glyph_index(c).is_some())
    }

    #[test]
    fn every_character_the_game_writes_has_a_glyph_in_its_fonts() {
        let faces: Vec<ttf_parser::Face> = FONT_FILES
            .iter()
            .map(|file| ttf_parser::Face::parse(carved_tables::bundled::bytes(file), 0).unwrap())
            .collect();
        let written = characters_the_game_writes();
        // The texts are not all ASCII: the test looks at Latvian, Portuguese and Russian.
        for c in ['ē', 'ã', 'Ж', '✔', '⏱'] {
            assert!(written.iter().any(|(w, _)| *w == c), "{c} not found");
        }
        let missing: Vec<String> = written
            .iter()
            .filter(|(c, _)| !drawable(&faces, *c))
            .map(|(c, file)| format!("{c} (U+{:04X}) in {file}", *c as u32))
            .collect();
        assert!(missing.is_empty(), "no glyph for: {missing:?}");
        // And the check itself can fail: a character from a block the fonts were cut without.
        assert!(!drawable(&faces, '漢'));
        assert!(!drawable(&faces, '😀'));
        // egui is given all four, in the families the panels use.
        let definitions = font_definitions();
        assert_eq!(definitions.font_data.len(), FONT_FILES.len());
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            assert_eq!(definitions.families[&family].len(), FONT_FILES.len());
        }
        // And it lays text out with them: a word in each script has a width.
        let mut fonts = Fonts::new(TextOptions::default(), definitions);
        for word in ["Snēlab", "Ação", "Шахматы"] {
            let galley = fonts.with_pixels_per_point(1.0).layout_no_wrap(
                word.into(),
                FontId::new(18.0, FontFamily::Proportional),
                bevy_egui::egui::Color32::WHITE,
            );
            assert!(galley.size().x > 30.0, "{word}: {:?}", galley.size());
        }
    }
}

/// The game's model files go through its own glTF reader as Bevy assets: the shipped files load,
/// a `.gltf` finds its buffer file beside it, and a broken file fails with the reader's message
/// (the game then carves the model in code, `models::resolve_models`).
mod model_files {
    use bevy::asset::{AssetPlugin, LoadState};
    use bevy::prelude::*;
    use carved_tables::app::models::{ModelFile, ModelFileLoader, PartLook, build_parts};
    use carved_tables::carve::Slot;
    use carved_tables::carve::gltf::Look;
    use std::path::Path;

    fn app(root: &Path) -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin {
                file_path: root.display().to_string(),
                ..default()
            },
        ))
        .init_asset::<ModelFile>()
        .init_asset_loader::<ModelFileLoader>();
        app
    }

    /// Loads `path` and waits (up to 10 s) until it has loaded or failed.
    fn load(app: &mut App, path: &str) -> (Handle<ModelFile>, LoadState) {
        let handle: Handle<ModelFile> =
            app.world().resource::<AssetServer>().load(path.to_string());
        let start = std::time::Instant::now();
        loop {
            app.update();
            let state = app
                .world()
                .resource::<AssetServer>()
                .load_state(handle.id());
            if !matches!(state, LoadState::Loading | LoadState::NotLoaded) {
                return (handle, state);
            }
            assert!(start.elapsed().as_secs() < 10, "{path} still loading");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    #[test]
    fn the_shipped_models_load_with_their_slots() {
        let mut app = app(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"));
        for (name, inlay) in [("chess_king", false), ("hive_fox", true), ("die_d6", true)] {
            let (handle, state) = load(&mut app, &format!("models/{name}.glb"));
            assert!(matches!(state, LoadState::Loaded), "{name}: {state:?}");
            let files = app.world().resource::<Assets<ModelFile>>();
            let parts = &files.get(&handle).unwrap().model.parts;
            assert!(!parts.is_empty() && parts.iter().all(|p| !p.mesh.indices.is_empty()));
            assert_eq!(parts[0].look, Look::Finish(Slot::Wood), "{name}");
            let has_inlay = parts.iter().any(|p| p.look == Look::Finish(Slot::Inlay));
            assert_eq!(has_inlay, inlay, "{name}");
        }
    }

    #[test]
    fn a_gltf_reads_its_buffer_from_beside_it_and_a_broken_file_fails() {
        let dir = tempfile::tempdir().unwrap();
        let models = dir.path().join("models");
        std::fs::create_dir_all(models.join("data")).unwrap();
        // One triangle: three positions, then three u16 indices.
        let mut bin = Vec::new();
        for v in [0.0f32, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, -1.0] {
            bin.extend_from_slice(&v.to_le_bytes());
        }
        for i in [0u16, 1, 2, 0] {
            bin.extend_from_slice(&i.to_le_bytes());
        }
        std::fs::write(models.join("data/tri.bin"), &bin).unwrap();
        let gltf = r#"{"asset":{"version":"2.0"},
            "buffers":[{"uri":"data/tri.bin","byteLength":44}],
            "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":6}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"},
                         {"bufferView":1,"componentType":5123,"count":3,"type":"SCALAR"}],
            "materials":[{"name":"inlay"}],
            "meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1,"material":0}]}]}"#;
        std::fs::write(models.join("tri.gltf"), gltf).unwrap();
        std::fs::write(models.join("broken.glb"), b"glTF\x02\0\0\0garbage").unwrap();
        std::fs::write(
            models.join("lost.gltf"),
            gltf.replace("data/tri.bin", "data/none.bin"),
        )
        .unwrap();

        let mut app = app(dir.path());
        let (handle, state) = load(&mut app, "models/tri.gltf");
        assert!(matches!(state, LoadState::Loaded), "{state:?}");
        let files = app.world().resource::<Assets<ModelFile>>();
        let parts = &files.get(&handle).unwrap().model.parts;
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].look, Look::Finish(Slot::Inlay));
        assert_eq!(parts[0].mesh.indices, vec![0, 1, 2]);
        // No normals in the file: the reader computes them (this triangle faces up).
        assert!(parts[0].mesh.normals.iter().all(|n| n[1] > 0.99));

        for broken in ["models/broken.glb", "models/lost.gltf"] {
            let (_, state) = load(&mut app, broken);
            let LoadState::Failed(error) = state else {
                panic!("{broken} loaded: {state:?}");
            };
            assert!(
                error
                    .to_string()
                    .contains(broken.trim_start_matches("models/")),
                "{error}"
            );
        }
    }

    /// The outside exporters' fixtures through the asset server and into Bevy's assets: vertex
    /// colours become the mesh's colour attribute, a texture (in the file, or beside a `.gltf`)
    /// the standard material's base colour texture with the file's pixels, `wood` and `inlay`
    /// stay the theme's finishes.
    #[test]
    fn fixtures_become_meshes_and_standard_materials() {
        let mut app = app(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gltf"));
        app.init_asset::<Mesh>()
            .init_asset::<Image>()
            .init_asset::<StandardMaterial>();
        let built = |app: &mut App, path: &str| {
            let (handle, state) = load(app, path);
            assert!(matches!(state, LoadState::Loaded), "{path}: {state:?}");
            let model = app
                .world()
                .resource::<Assets<ModelFile>>()
                .get(&handle)
                .unwrap()
                .model
                .clone();
            let world = app.world_mut();
            let mut meshes = world.remove_resource::<Assets<Mesh>>().unwrap();
            let mut images = world.remove_resource::<Assets<Image>>().unwrap();
            let mut standard = world.remove_resource::<Assets<StandardMaterial>>().unwrap();
            let parts = build_parts(&model, &mut meshes, &mut images, &mut standard);
            world.insert_resource(meshes);
            world.insert_resource(images);
            world.insert_resource(standard);
            parts
        };
        let surface = |app: &App, look: &PartLook| -> StandardMaterial {
            let PartLook::Surface(h) = look else {
                panic!("{look:?} is not a surface");
            };
            app.world()
                .resource::<Assets<StandardMaterial>>()
                .get(h)
                .unwrap()
                .clone()
        };

        let parts = built(&mut app, "vertex_colours.glb");
        let meshes = app.world().resource::<Assets<Mesh>>();
        let mesh = meshes.get(&parts[0].mesh).unwrap();
        let colours = mesh.attribute(Mesh::ATTRIBUTE_COLOR).expect("colours");
        assert_eq!(colours.len(), mesh.count_vertices());
        assert_eq!(surface(&app, &parts[0].look).metallic, 0.0);

        for (path, width) in [("textured.glb", 2), ("nested.gltf", 8)] {
            let parts = built(&mut app, path);
            let material = surface(&app, &parts[0].look);
            let texture = material.base_color_texture.expect("a texture");
            let image = app
                .world()
                .resource::<Assets<Image>>()
                .get(&texture)
                .unwrap();
            assert_eq!(image.width(), width, "{path}");
            let data = image.data.as_ref().unwrap();
            assert_eq!(
                &data[..4],
                &[220, 30, 30, 255],
                "{path}: the top left pixel"
            );
        }

        let parts = built(&mut app, "several_parts.glb");
        assert!(matches!(parts[0].look, PartLook::Finish(Slot::Wood)));
        assert!(matches!(parts[1].look, PartLook::Finish(Slot::Inlay)));
        let brass = surface(&app, &parts[2].look);
        assert_eq!((brass.metallic, brass.perceptual_roughness), (1.0, 0.3));
    }
}

/// The rules pages are read from `assets/rules/` behind the loading screen; a page that cannot
/// be read (missing, or not UTF-8) gives the menu its file's path instead of a text.
mod rules_pages {
    use bevy::asset::{AssetPlugin, LoadState};
    use bevy::ecs::system::RunSystemOnce;
    use bevy::prelude::*;
    use carved_tables::app::loading::LoadingQueue;
    use carved_tables::app::menu::rules_pages::{self, Pages, RulesText};
    use carved_tables::i18n::Lang;
    use carved_tables::rules::GameKind;

    #[test]
    fn pages_load_and_an_unreadable_one_names_its_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("rules")).unwrap();
        std::fs::write(dir.path().join("rules/hive.en.md"), "# Ash & Walnut\n").unwrap();
        std::fs::write(dir.path().join("rules/snelab.ru.md"), [0xff, 0xfe, 0x00]).unwrap();
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin {
                file_path: dir.path().display().to_string(),
                ..default()
            },
        ))
        .init_resource::<LoadingQueue>()
        .add_plugins(rules_pages::plugin);
        app.update();
        // The plugin's own handles: asking the server to load a path again would retry a
        // failed load.
        let handles: Vec<Handle<RulesText>> = app
            .world_mut()
            .run_system_once(|pages: Res<rules_pages::RulesPages>| pages.handles())
            .unwrap();
        assert_eq!(handles.len(), 9);
        let start = std::time::Instant::now();
        while !handles.iter().all(|h| {
            matches!(
                app.world().resource::<AssetServer>().load_state(h.id()),
                LoadState::Loaded | LoadState::Failed(_)
            )
        }) {
            assert!(start.elapsed().as_secs() < 10, "the pages did not settle");
            std::thread::sleep(std::time::Duration::from_millis(5));
            app.update();
        }
        assert_eq!(app.world().resource::<LoadingQueue>().total(), 9);
        let texts = app
            .world_mut()
            .run_system_once(|pages: Pages| {
                [
                    pages.text(GameKind::Hive, Lang::En).map(str::to_string),
                    pages.text(GameKind::Snelab, Lang::Ru).map(str::to_string),
                    pages.text(GameKind::Chess, Lang::Pt).map(str::to_string),
                ]
            })
            .unwrap();
        assert_eq!(
            texts,
            [
                Ok("# Ash & Walnut\n".to_string()),
                Err("assets/rules/snelab.ru.md".to_string()),
                Err("assets/rules/chess.pt.md".to_string()),
            ]
        );
    }
}

/// On the desktop a model file or `theme.ron` saved while the game runs is read again: the pieces
/// on the table are carved again where they stand, and a broken save falls back as at start (the
/// built-in carving, the built-in theme) with its message.
mod hot_reload {
    use bevy::asset::AssetPlugin;
    use bevy::ecs::system::RunSystemOnce;
    use bevy::prelude::*;
    use carved_tables::app::models::{self, Carved, CarvedPart, ModelLibrary, spawn_model};
    use carved_tables::app::save::Notices;
    use carved_tables::app::theme::{self, ActiveTheme, AssetRoot};
    use carved_tables::app::wood::WoodMaterial;
    use carved_tables::i18n::{Lang, Strings, Tr};
    use carved_tables::theme::{Theme, Wood};
    use std::path::{Path, PathBuf};
    use std::time::{Duration, Instant};

    fn app(root: &Path) -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin {
                file_path: root.join("assets").display().to_string(),
                watch_for_changes_override: Some(true),
                ..default()
            },
        ))
        .init_asset::<Mesh>()
        .init_asset::<Image>()
        .init_asset::<StandardMaterial>()
        .init_asset::<WoodMaterial>()
        .init_resource::<carved_tables::app::loading::LoadingQueue>()
        .init_resource::<Notices>()
        .insert_resource(Tr(Strings::new(Lang::En)))
        .insert_resource(AssetRoot(root.to_path_buf()))
        .add_plugins((theme::plugin, models::plugin));
        app
    }

    /// Runs frames until `done` holds (at most 20 s: the file watcher reports within a second).
    fn until(app: &mut App, what: &str, done: impl Fn(&mut App) -> bool) {
        let start = Instant::now();
        while !done(app) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for {what}"
            );
            std::thread::sleep(Duration::from_millis(10));
            app.update();
        }
    }

    /// The vertices of each part of `name` in the library.
    fn vertices(app: &App, name: &str) -> Vec<usize> {
        let meshes = app.world().resource::<Assets<Mesh>>();
        app.world()
            .resource::<ModelLibrary>()
            .parts(name)
            .unwrap_or_default()
            .iter()
            .map(|p| meshes.get(&p.mesh).map_or(0, Mesh::count_vertices))
            .collect()
    }

    /// The meshes standing under the carved entity now.
    fn standing(app: &mut App) -> Vec<AssetId<Mesh>> {
        app.world_mut()
            .run_system_once(
                |q: Query<&Children, With<Carved>>, parts: Query<&Mesh3d, With<CarvedPart>>| {
                    q.iter()
                        .flat_map(|c| c.iter())
                        .filter_map(|e| parts.get(e).ok().map(|m| m.0.id()))
                        .collect::<Vec<_>>()
                },
            )
            .unwrap()
    }

    fn said(app: &App, part: &str) -> bool {
        app.world()
            .resource::<Notices>()
            .items
            .iter()
            .any(|n| n.text.contains(part))
    }

    /// Writes `bytes` to `path` so that its time changes even within the file system's tick.
    fn save(path: &Path, bytes: &[u8]) {
        std::thread::sleep(Duration::from_millis(20));
        std::fs::write(path, bytes).unwrap();
    }

    /// An 8×8 PNG of one colour.
    fn png_of(rgba: [u8; 4]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, 8, 8);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&rgba.repeat(64)).unwrap();
        writer.finish().unwrap();
        out
    }

    /// A texture saved beside a `.gltf` reads the model again (the reader asked for it through
    /// the asset server, which watches it as the model's own).
    #[test]
    fn a_texture_saved_beside_a_gltf_reads_its_model_again() {
        use carved_tables::app::models::{ModelFile, ModelFileLoader};
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gltf");
        let dir = tempfile::tempdir().unwrap();
        for f in ["nested.gltf", "nested.bin", "nested_grain.png"] {
            std::fs::copy(fixtures.join(f), dir.path().join(f)).unwrap();
        }
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin {
                file_path: dir.path().display().to_string(),
                watch_for_changes_override: Some(true),
                ..default()
            },
        ))
        .init_asset::<ModelFile>()
        .init_asset_loader::<ModelFileLoader>();
        let handle: Handle<ModelFile> = app.world().resource::<AssetServer>().load("nested.gltf");
        let first_pixel = |app: &App| {
            app.world()
                .resource::<Assets<ModelFile>>()
                .get(&handle)
                .and_then(|f| f.model.textures.first())
                .map(|t| t.pixels.rgba[..4].to_vec())
        };
        until(&mut app, "the model", |app| first_pixel(app).is_some());
        let before = first_pixel(&app).unwrap();
        let red = vec![250, 10, 20, 255];
        assert_ne!(before, red);
        save(
            &dir.path().join("nested_grain.png"),
            &png_of([250, 10, 20, 255]),
        );
        until(&mut app, "the new texture", |app| {
            first_pixel(app) == Some(red.clone())
        });
    }

    #[test]
    fn a_saved_model_and_theme_are_read_again_and_a_broken_save_falls_back_with_its_message() {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let dir = tempfile::tempdir().unwrap();
        let assets: PathBuf = dir.path().join("assets");
        // What theme.ron names: models, sounds, card pictures.
        for folder in ["models", "sounds", "icons"] {
            std::fs::create_dir_all(assets.join(folder)).unwrap();
            for entry in std::fs::read_dir(shipped.join(folder)).unwrap() {
                let entry = entry.unwrap();
                std::fs::copy(entry.path(), assets.join(folder).join(entry.file_name())).unwrap();
            }
        }
        let theme_text = std::fs::read_to_string(shipped.join("theme.ron")).unwrap();
        std::fs::write(assets.join("theme.ron"), &theme_text).unwrap();

        let mut app = app(dir.path());
        until(&mut app, "the models", |app| {
            app.world().resource::<ModelLibrary>().all_resolved()
        });
        let fox = vertices(&app, "hive_fox");
        let king = vertices(&app, "chess_king");
        assert_ne!(fox, king);
        app.world_mut()
            .run_system_once(
                |mut commands: Commands,
                 library: Res<ModelLibrary>,
                 theme: Res<ActiveTheme>,
                 mut woods: ResMut<Assets<WoodMaterial>>| {
                    commands
                        .spawn((Transform::default(), Visibility::default()))
                        .with_children(|p| {
                            spawn_model(
                                p,
                                &library,
                                &theme,
                                &mut woods,
                                "hive_fox",
                                Wood::Dark,
                                3.0,
                            )
                        });
                },
            )
            .unwrap();
        app.update();
        let first = standing(&mut app);
        assert_eq!(first.len(), fox.len());

        // The Fox's file saved with the King's model in it.
        let fox_file = assets.join("models/hive_fox.glb");
        save(
            &fox_file,
            &std::fs::read(shipped.join("models/chess_king.glb")).unwrap(),
        );
        until(&mut app, "the Fox read again", |app| {
            vertices(app, "hive_fox") == king
        });
        app.update();
        let second = standing(&mut app);
        assert_eq!(second.len(), king.len());
        assert!(second.iter().all(|m| !first.contains(m)), "carved again");
        assert!(said(&app, "Read again: models/hive_fox.glb"));
        assert!(
            !app.world()
                .resource::<ModelLibrary>()
                .is_fallback("hive_fox")
        );

        // A broken save: the built-in carving, with the reader's message.
        save(&fox_file, b"glTF but not really");
        until(&mut app, "the built-in Fox", |app| {
            app.world()
                .resource::<ModelLibrary>()
                .is_fallback("hive_fox")
        });
        let carved: Vec<usize> = carved_tables::carve::model("hive_fox")
            .unwrap()
            .iter()
            .map(|p| p.mesh.positions.len())
            .collect();
        assert_eq!(vertices(&app, "hive_fox"), carved);
        assert!(
            said(&app, "Could not read models/hive_fox.glb"),
            "{:?}",
            app.world().resource::<Notices>()
        );
        app.update();
        assert_eq!(standing(&mut app).len(), carved.len());

        // theme.ron saved with the Fox pointed at the King's file.
        let pointed = theme_text.replace(
            r#""hive_fox": (model: "models/hive_fox.glb")"#,
            r#""hive_fox": (model: "models/chess_king.glb")"#,
        );
        assert_ne!(pointed, theme_text);
        save(&assets.join("theme.ron"), pointed.as_bytes());
        until(&mut app, "the theme read again", |app| {
            app.world()
                .resource::<ActiveTheme>()
                .0
                .model_path("hive_fox")
                .as_deref()
                == Some("models/chess_king.glb")
        });
        until(&mut app, "the Fox from the King's file", |app| {
            vertices(app, "hive_fox") == king
        });
        assert!(
            said(&app, "Read again: theme.ron"),
            "{:?}",
            app.world().resource::<Notices>()
        );
        app.update();
        assert_eq!(standing(&mut app).len(), king.len());

        // A broken theme.ron: the built-in theme, as at start, and its message.
        save(&assets.join("theme.ron"), b"(version: 1, pieces: {");
        until(&mut app, "the built-in theme", |app| {
            app.world()
                .resource::<ActiveTheme>()
                .0
                .model_path("hive_fox")
                .as_deref()
                == Some("models/hive_fox.glb")
        });
        let builtin = Theme::builtin();
        assert_eq!(
            app.world().resource::<ActiveTheme>().0.pieces,
            builtin.pieces
        );
        assert!(
            said(
                &app,
                "Read again: theme.ron, with 2 problems (each in the log), the first: theme.ron line 1"
            ),
            "{:?}",
            app.world().resource::<Notices>()
        );
        // The Fox's own file is still the broken one: the built-in carving again.
        until(&mut app, "the built-in Fox again", |app| {
            vertices(app, "hive_fox") == carved
        });
    }
}

#[path = "app/frames.rs"]
mod frames;
#[path = "app/words.rs"]
mod words;
