//! Whole games against the engine played only as a screen reader plays them (issue 41): each
//! turn the table's reading window is drawn in an egui context with AccessKit on, and
//! everything is read from the accessibility tree egui hands a screen reader
//! (`app::kit::a11y::Tree`): the position's lines, the newest announcement (a live region, so
//! the engine's moves are said as they happen), and the list of actions, which must be exactly
//! the legal actions in words. An action is then taken through the tree as well: either pressed
//! (the screen reader's default action on its button) or typed, by moving the focus to the
//! move field and typing its words there with Enter.

use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::egui::accesskit::{NodeId, Role};
use carved_tables::ai::Level;
use carved_tables::app::kit::a11y;
use carved_tables::app::kit::panel::Panel;
use carved_tables::app::kit::{Intended, TableKind, harness};
use carved_tables::i18n::{Lang, Message, Strings, Tr, sentence};
use carved_tables::play::Seat;
use carved_tables::save::MemoryStore;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// A screen reader's view of a table: the reading window drawn headless each pass, and the
/// accessibility tree kept from pass to pass.
struct Reader {
    ctx: egui::Context,
    tree: a11y::Tree,
    time: f64,
    /// Actions taken by a press on their buttons, and by typing their words.
    pressed: usize,
    typed: usize,
}

impl Reader {
    fn new() -> Reader {
        let ctx = egui::Context::default();
        carved_tables::app::style::configure_context(&ctx);
        ctx.enable_accesskit();
        Reader {
            ctx,
            tree: a11y::Tree::default(),
            time: 0.0,
            pressed: 0,
            typed: 0,
        }
    }

    /// One pass of the window (kept open by `open`) with `events`; what it sent goes to the
    /// table, then a frame of the app.
    fn pass<T: TableKind, P: Resource>(
        &mut self,
        app: &mut App,
        events: Vec<egui::Event>,
        draw: fn(Panel<T>, &mut P),
        open: fn(&mut P),
    ) {
        self.time += 0.5;
        let input = harness::window_input(Some(self.time), events);
        let tr = app.world().resource::<Tr>().clone();
        let mut sent = Vec::new();
        let ctx = self.ctx.clone();
        let out = app.world_mut().resource_scope(|world, mut panels: Mut<P>| {
            open(&mut panels);
            let table = world.resource::<T>();
            ctx.run_ui(input, |ui| {
                let mut send = |i: T::Intent| sent.push(i);
                draw(Panel::new(ui.ctx(), &tr, table, &mut send), &mut panels);
            })
        });
        for i in sent {
            app.world_mut().write_message(Intended::<T>(i));
        }
        app.update();
        let update = out.platform_output.accesskit_update.clone();
        out.drop_without_applying_deltas();
        self.tree
            .update(&update.expect("egui sends its tree each pass"));
    }

    /// Two passes with no input: a new window is measured on its first.
    fn look<T: TableKind, P: Resource>(
        &mut self,
        app: &mut App,
        draw: fn(Panel<T>, &mut P),
        open: fn(&mut P),
    ) {
        self.pass(app, vec![], draw, open);
        self.pass(app, vec![], draw, open);
    }

    /// The reading window's node.
    fn window(&self, en: &Strings) -> NodeId {
        self.tree
            .find(Role::Window, en.t("access.title"))
            .unwrap_or_else(|| panic!("no reading window in\n{}", self.tree.outline()))
    }

    /// The window's labels: the announcements, the position's lines, the headings.
    fn labels(&self, en: &Strings) -> Vec<String> {
        self.tree.names(self.window(en), Role::Label)
    }

    /// The window's list of actions: the buttons after the move field's Play (before it, the
    /// window's own close button), by node.
    fn actions(&self, en: &Strings) -> Vec<(NodeId, String)> {
        let play = en.t("access.typed.play");
        self.tree
            .walk(Some(self.window(en)))
            .into_iter()
            .filter(|s| s.node.role() == Role::Button)
            .skip_while(|s| s.name() != play)
            .skip(1)
            .map(|s| (s.id, s.name().to_string()))
            .collect()
    }

    /// Takes the action named `words`: pressed on its button, or typed into the move field
    /// (focus moved there through the tree, the words typed, Enter).
    fn take<T: TableKind, P: Resource>(
        &mut self,
        app: &mut App,
        en: &Strings,
        (button, words): &(NodeId, String),
        typing: bool,
        draw: fn(Panel<T>, &mut P),
        open: fn(&mut P),
    ) {
        if !typing {
            self.pressed += 1;
            self.pass(app, vec![a11y::press(*button)], draw, open);
            return;
        }
        self.typed += 1;
        let field = self
            .tree
            .walk(Some(self.window(en)))
            .into_iter()
            .find(|s| s.node.role() == Role::TextInput)
            .map(|s| s.id)
            .unwrap_or_else(|| panic!("no move field in\n{}", self.tree.outline()));
        self.pass(app, vec![a11y::focus(field)], draw, open);
        assert_eq!(self.tree.focus, Some(field), "the focus moved to the field");
        self.pass(app, vec![egui::Event::Text(words.clone())], draw, open);
        let enter = [true, false].map(|pressed| egui::Event::Key {
            key: egui::Key::Enter,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        });
        self.pass(app, enter.to_vec(), draw, open);
    }
}

/// Both ways of taking an action were used in the game.
fn both_ways(reader: &Reader) {
    assert!(
        reader.pressed > 0 && reader.typed > 0,
        "{} pressed, {} typed",
        reader.pressed,
        reader.typed
    );
}

/// One turn read from the tree and played through it: every line of `position` is in the
/// window, and the list is exactly the `legal` actions in their words as a sentence. Then one
/// listed action but `skip` (Ash & Walnut's pass, which the table plays by itself) is chosen at
/// random and taken ([`Reader::take`], pressed or typed): its words, and the action they read
/// back as. `None` when nothing else is listed (nothing taken).
#[allow(clippy::too_many_arguments)]
fn read_and_take<A: Copy + PartialEq, T: TableKind, P: Resource>(
    reader: &mut Reader,
    app: &mut App,
    en: &Strings,
    rng: &mut ChaCha8Rng,
    (position, legal, skip): (Vec<Message>, Vec<(A, Message)>, Option<A>),
    typed: impl Fn(&str) -> Result<A, Message>,
    draw: fn(Panel<T>, &mut P),
    open: fn(&mut P),
) -> Option<(String, A)> {
    let labels = reader.labels(en);
    for line in position {
        let line = sentence(en.say(&line));
        assert!(labels.contains(&line), "{line} read in {labels:?}");
    }
    let listed = reader.actions(en);
    let mut names: Vec<String> = listed.iter().map(|(_, n)| n.clone()).collect();
    let mut words: Vec<String> = legal.iter().map(|(_, w)| sentence(en.say(w))).collect();
    names.sort();
    words.sort();
    assert_eq!(names, words, "the list in the tree is the legal actions");
    let skipped: Vec<String> = legal
        .iter()
        .filter(|(a, _)| Some(*a) == skip)
        .map(|(_, w)| sentence(en.say(w)))
        .collect();
    let choices: Vec<_> = listed
        .into_iter()
        .filter(|(_, name)| !skipped.contains(name))
        .collect();
    if choices.is_empty() {
        return None;
    }
    let choice = choices[rng.random_range(0..choices.len())].clone();
    let chosen = typed(&choice.1).unwrap_or_else(|why| panic!("{}: {}", choice.1, en.say(&why)));
    // Both ways at least once, however short the game: the first action pressed, the second
    // typed, then either at random.
    let typing = match (reader.pressed, reader.typed) {
        (0, _) => false,
        (_, 0) => true,
        _ => rng.random_bool(0.5),
    };
    reader.take(app, en, &choice, typing, draw, open);
    Some((choice.1, chosen))
}

/// The newest announcement, as the live region says it.
fn live(reader: &Reader) -> Option<String> {
    reader.tree.live().into_iter().next()
}

/// Frames until it is the person's turn again or the game is over (the engine thinks on a
/// worker thread).
fn wait(app: &mut App, mine: impl Fn(&App) -> bool, over: impl Fn(&App) -> bool) {
    let mut guard = 0;
    while !mine(app) && !over(app) {
        guard += 1;
        assert!(guard < 20_000, "the engine answers");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn ash_and_walnut_against_the_bot_by_its_accessibility_tree() {
    use carved_tables::access::hive as words;
    use carved_tables::app::hive::{
        self, HivePanels, HiveTable, Intent, Phase, Timing, reading_window,
    };
    use carved_tables::rules::hive::Move;
    let en = Strings::new(Lang::En);
    let mut app =
        harness::open::<HiveTable>(hive::core_plugin, MemoryStore::default(), Timing::INSTANT);
    harness::intent::<HiveTable>(&mut app, Intent::Choose(Seat::Bot(Level::Easy)));
    harness::intent::<HiveTable>(&mut app, Intent::Start);
    let open = |p: &mut HivePanels| p.moves = true;
    let mut reader = Reader::new();
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut mine = 0;
    let over = |app: &App| harness::table::<HiveTable>(app).phase != Phase::Play;
    let mine_now = |app: &App| harness::table::<HiveTable>(app).person_to_act();
    while !over(&app) {
        wait(&mut app, mine_now, over);
        if over(&app) {
            break;
        }
        // Nothing but a pass: the table passes for the person on its next tick, and the bot
        // may answer in the frames after, so the tree is read once that is done.
        let plies = |app: &App| {
            let t = harness::table::<HiveTable>(app);
            t.game.as_ref().map_or(0, |g| g.game().record().len())
        };
        let stuck = plies(&app);
        if harness::table::<HiveTable>(&app)
            .state()
            .is_some_and(|s| s.legal_moves() == [Move::Pass])
        {
            for _ in 0..20_000 {
                if plies(&app) != stuck {
                    break;
                }
                app.update();
            }
            assert_ne!(plies(&app), stuck, "the table passes for the person");
            continue;
        }
        reader.look(&mut app, reading_window, open);
        let t = harness::table::<HiveTable>(&app).clone();
        let game = t.game.as_ref().unwrap().game();
        // What the engine (or the opening) just did is what the live region says.
        let plies = game.record().len();
        if plies > 0 {
            let before = game.after(plies - 1).unwrap();
            let last = game.record()[plies - 1].action;
            assert_eq!(
                live(&reader),
                Some(sentence(en.say(&words::announce(before, last)))),
                "the move before this turn is said"
            );
        }
        let state = t.state().unwrap().clone();
        let Some((choice, chosen)) = read_and_take(
            &mut reader,
            &mut app,
            &en,
            &mut rng,
            (
                words::position(&state),
                words::actions(&state),
                Some(Move::Pass),
            ),
            |text| words::typed(&state, text, |m| en.say(m)),
            reading_window,
            open,
        ) else {
            panic!("a turn with a move besides the pass lists it");
        };
        let t = harness::table::<HiveTable>(&app);
        let game = t.game.as_ref().unwrap().game();
        assert_eq!(game.record()[plies].action, chosen, "{}", choice);
        reader.look(&mut app, reading_window, open);
        let said = sentence(en.say(&words::announce(&state, chosen)));
        assert!(reader.labels(&en).contains(&said), "{said} announced");
        mine += 1;
        assert!(mine < 2_000, "the game ends");
    }
    assert!(mine > 0);
    both_ways(&reader);
    let t = harness::table::<HiveTable>(&app);
    assert!(t.game.as_ref().unwrap().ending().is_some(), "to a result");
}

#[test]
fn snelab_against_the_engine_by_its_accessibility_tree() {
    use carved_tables::access::snelab as words;
    use carved_tables::app::snelab::{
        self, Intent, SnelabPanels, SnelabTable, Timing, reading_window,
    };
    use carved_tables::play::snelab::Phase;
    use carved_tables::rules::snelab::{Side, apply};
    let en = Strings::new(Lang::En);
    let mut app =
        harness::open::<SnelabTable>(snelab::core_plugin, MemoryStore::default(), Timing::INSTANT);
    app.world_mut().resource_mut::<SnelabTable>().setup.opponent = Seat::Bot(Level::Easy);
    harness::intent::<SnelabTable>(&mut app, Intent::Sit);
    let open = |p: &mut SnelabPanels| p.reading = true;
    let mut reader = Reader::new();
    let over = |app: &App| harness::table::<SnelabTable>(app).phase() != Phase::Play;
    let mine_now = |app: &App| harness::table::<SnelabTable>(app).pos().to_move() == Side::South;
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut mine = 0;
    // The position after the person's last action: the engine's reply is read from it.
    let mut after_mine = None;
    while !over(&app) {
        wait(&mut app, mine_now, over);
        if over(&app) {
            break;
        }
        reader.look(&mut app, reading_window, open);
        let t = harness::table::<SnelabTable>(&app);
        if let (Some(from), Some(reply)) = (&after_mine, t.actions().last()) {
            assert_eq!(
                live(&reader),
                Some(sentence(en.say(&words::announce(from, reply)))),
                "the engine's reply is said"
            );
        }
        let pos = t.pos();
        let played = t.actions().len();
        let (choice, chosen) = read_and_take(
            &mut reader,
            &mut app,
            &en,
            &mut rng,
            (words::position(&pos), words::actions(&pos), None),
            |text| words::typed(&pos, text, |m| en.say(m)),
            reading_window,
            open,
        )
        .expect("something to do");
        let t = harness::table::<SnelabTable>(&app);
        assert_eq!(t.actions().get(played), Some(&chosen), "{}", choice);
        reader.look(&mut app, reading_window, open);
        let said = sentence(en.say(&words::announce(&pos, &chosen)));
        assert!(reader.labels(&en).contains(&said), "{said} announced");
        after_mine = Some(apply(&pos, &chosen).unwrap());
        mine += 1;
        assert!(mine < 2_000, "the case ends");
    }
    assert!(mine > 0);
    both_ways(&reader);
    assert!(matches!(
        harness::table::<SnelabTable>(&app).phase(),
        Phase::Verdict(_)
    ));
}

#[test]
fn artifact_chess_against_the_engine_by_its_accessibility_tree() {
    use carved_tables::access::chess as words;
    use carved_tables::app::chess::{
        self, ChessPanels, ChessTable, Intent, Phase, Timing, reading_window,
    };
    let en = Strings::new(Lang::En);
    let mut app =
        harness::open::<ChessTable>(chess::core_plugin, MemoryStore::default(), Timing::INSTANT);
    // With the artifact cards: their plays are said and chosen too.
    for i in [
        Intent::Artifacts(true),
        Intent::Choose(Seat::Bot(Level::Easy)),
        Intent::Start,
        Intent::RandomArmy,
        Intent::Ready,
    ] {
        harness::intent::<ChessTable>(&mut app, i);
    }
    assert_eq!(harness::table::<ChessTable>(&app).phase, Phase::Play);
    let open = |p: &mut ChessPanels| p.reading = true;
    let mut reader = Reader::new();
    let over = |app: &App| harness::table::<ChessTable>(app).phase == Phase::Over;
    let mine_now = |app: &App| harness::table::<ChessTable>(app).person_to_act();
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut mine = 0;
    while !over(&app) {
        wait(&mut app, mine_now, over);
        if over(&app) {
            break;
        }
        reader.look(&mut app, reading_window, open);
        let t = harness::table::<ChessTable>(&app);
        let game = t.game.as_ref().unwrap().game();
        let plies = game.record().len();
        if plies > 0 {
            let before = game.after(plies - 1).unwrap();
            let record = &game.course()[plies - 1].record;
            assert_eq!(
                live(&reader),
                Some(sentence(en.say(&words::announce(before, record)))),
                "the last action, its dice and result, are said"
            );
        }
        let state = t.state().unwrap().clone();
        let colour = t.colour;
        let (choice, chosen) = read_and_take(
            &mut reader,
            &mut app,
            &en,
            &mut rng,
            (
                words::position(&state, colour),
                words::actions(&state),
                None,
            ),
            |text| words::typed(&state, text, |m| en.say(m)),
            reading_window,
            open,
        )
        .expect("something to do");
        let game = harness::table::<ChessTable>(&app)
            .game
            .as_ref()
            .unwrap()
            .game();
        assert_eq!(
            game.record().get(plies).map(|e| e.action),
            Some(chosen),
            "{}",
            choice
        );
        let said = sentence(en.say(&words::announce(&state, &game.course()[plies].record)));
        reader.look(&mut app, reading_window, open);
        assert!(reader.labels(&en).contains(&said), "{said} announced");
        mine += 1;
        assert!(mine < 4_000, "the game ends");
    }
    assert!(mine > 0);
    both_ways(&reader);
    let t = harness::table::<ChessTable>(&app);
    assert!(t.game.as_ref().unwrap().ending().is_some(), "to a result");
}
