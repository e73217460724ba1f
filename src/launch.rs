//! The game binary's command-line flags (`carved-tables --scene chess --screenshot out.png`),
//! parsed without Bevy so they are tested in the fast suite. The tables' staged scenes are
//! passed in by the game binary, which knows the tables.

use crate::rules::GameKind;
use std::fmt;
use std::path::PathBuf;

/// The games whose tables have an analysis board (the `analysis-<game>` scenes).
pub const ANALYSIS_GAMES: [GameKind; 3] = GameKind::ALL;

/// A named starting point: a screen with its UI state, used for screenshots and previews.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scene {
    /// The loading screen, held (the screenshot catches the progress bar).
    Loading,
    Menu,
    Settings,
    /// A game's rules page, scrolled to one of its figures (`crate::figures`) when named.
    Rules {
        game: GameKind,
        figure: Option<String>,
    },
    Table(GameKind),
    /// One carved model alone on the table, turning, in both woods (`piece:<model-name>`).
    Piece(String),
    /// Every piece of a game laid out on the table in both woods, with its markers and marks.
    Pieces(GameKind),
    /// The model reader's fixtures (`tests/fixtures/gltf/`, written by other exporters) side by
    /// side on the table, each on a board square: nodes, colours and textures as their files
    /// say (desktop only: the folder is not shipped).
    PiecesArtist,
    /// One model file (`--model`) turning on a board square under the game's light, with its
    /// size in squares and its triangle count: an artist's check before a piece goes in a game.
    ModelViewer,
    /// A table at a staged moment (`<game>-<name>`, e.g. `snelab-payment`): each game lists its
    /// own staged scenes.
    Staged {
        game: GameKind,
        name: String,
    },
    /// A page of the Online screen with made-up tables, people and games (no server).
    Online(OnlinePage),
    /// A made-up player's page: three games' ratings with their history, a dozen games.
    PlayerPage,
    /// The key's page with a made-up key: its text, its QR code, and the import.
    KeyExport,
    /// The Learn page (Ash & Walnut's course, a few lessons done and positions solved).
    LearnPage,
    /// The main menu with the offer of Learn a first-time player sees.
    LearnOffer,
    /// The Games page with a record pasted.
    GamesPage,
}

/// A page of the Online screen (finding a game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OnlinePage {
    /// The open tables of every game, quick pairing, opening a table, the counts.
    #[default]
    Lobby,
    /// The public games being played, to watch.
    Watch,
    /// This device's games.
    Games,
}

impl OnlinePage {
    pub const ALL: [OnlinePage; 3] = [OnlinePage::Lobby, OnlinePage::Watch, OnlinePage::Games];

    /// The page's name in `online-<name>` and in the words' keys.
    pub fn name(self) -> &'static str {
        match self {
            OnlinePage::Lobby => "lobby",
            OnlinePage::Watch => "watch",
            OnlinePage::Games => "games",
        }
    }
}

/// A staged scene a game offers: its game, its name (without the game's prefix) and a line on
/// what it shows. The game binary passes the list its tables register.
pub type StagedName = (GameKind, &'static str, &'static str);

impl Scene {
    /// The screen this scene is shown on: a table's scenes on that table.
    pub fn table(&self) -> Option<GameKind> {
        match self {
            Scene::Table(g) | Scene::Staged { game: g, .. } => Some(*g),
            _ => None,
        }
    }

    /// Every named scene with a one-line description, in the order `--help` lists them.
    pub fn catalogue(staged: &[StagedName]) -> Vec<(String, Scene, &'static str)> {
        let mut v = vec![
            (
                "loading".to_string(),
                Scene::Loading,
                "the loading screen with its progress bar",
            ),
            (
                "menu".to_string(),
                Scene::Menu,
                "the main menu with the three games",
            ),
            ("settings".to_string(), Scene::Settings, "the settings page"),
        ];
        for g in GameKind::ALL {
            v.push((
                format!("rules-{}", g.cli_name()),
                Scene::Rules {
                    game: g,
                    figure: crate::figures::first_of(g).map(str::to_string),
                },
                "a game's rules page, at its first figure",
            ));
            v.push((
                format!("rules-{}-online", g.cli_name()),
                Scene::Rules {
                    game: g,
                    figure: Some("online".to_string()),
                },
                "a game's rules page, at its section on the online table",
            ));
        }
        for (figure, g) in crate::figures::NAMES {
            v.push((
                format!("rules-{figure}"),
                Scene::Rules {
                    game: g,
                    figure: Some(figure.to_string()),
                },
                "a game's rules page, at that figure",
            ));
        }
        for (page, what) in OnlinePage::ALL.into_iter().zip([
            "the Online screen: open tables of every game, quick game, the counts (made up)",
            "the Online screen's games being played, to watch (made up)",
            "the Online screen's games of this device, one of them your move (made up)",
        ]) {
            v.push((format!("online-{}", page.name()), Scene::Online(page), what));
        }
        v.push((
            "player-page".to_string(),
            Scene::PlayerPage,
            "a player's page: ratings with their history and finished games (made up)",
        ));
        v.push((
            "key-export".to_string(),
            Scene::KeyExport,
            "the player's key to export (text and QR code) or import (made up)",
        ));
        v.push((
            "learn-menu".to_string(),
            Scene::LearnPage,
            "the Learn page: a game's lessons (some done) and practice positions (some solved)",
        ));
        v.push((
            "learn-offer".to_string(),
            Scene::LearnOffer,
            "the main menu with the offer of Learn a first-time player sees",
        ));
        v.push((
            "games-list".to_string(),
            Scene::GamesPage,
            "the Games page: this device's finished games, and a record pasted to open",
        ));
        for g in GameKind::ALL {
            v.push((g.cli_name().to_string(), Scene::Table(g), "a game's table"));
        }
        for g in GameKind::ALL {
            for (what, about) in [
                (
                    "replay",
                    "a finished game's replay at its table, halfway (Artifact Chess: just after an attempt, its dice shown)",
                ),
                (
                    "review",
                    "a replay with the engine's review done: the graph, the position before the biggest mistake",
                ),
            ] {
                v.push((
                    format!("{what}-{}", g.cli_name()),
                    Scene::Staged {
                        game: g,
                        name: what.to_string(),
                    },
                    about,
                ));
            }
        }
        v.push((
            "luck-chess".to_string(),
            Scene::Staged {
                game: GameKind::Chess,
                name: "luck".to_string(),
            },
            "an Artifact Chess replay at its luckiest roll: the luck report and its plot",
        ));
        for g in ANALYSIS_GAMES {
            v.push((
                format!("analysis-{}", g.cli_name()),
                Scene::Staged {
                    game: g,
                    name: "analysis".to_string(),
                },
                "the analysis board from a replay's halfway position: the evaluation and the engine's best line",
            ));
        }
        for g in GameKind::ALL {
            for id in crate::learn::lesson_ids(g) {
                v.push((
                    format!("learn-{}-{id}", g.cli_name()),
                    Scene::Staged {
                        game: g,
                        name: format!("learn-{id}"),
                    },
                    "a lesson at the table, its typical wrong try refused by the rule",
                ));
            }
            v.push((
                format!("puzzle-{}", g.cli_name()),
                Scene::Staged {
                    game: g,
                    name: "puzzle".to_string(),
                },
                "a game's first practice position (Artifact Chess's after its answer, with the odds)",
            ));
            v.push((
                format!("hint-{}", g.cli_name()),
                Scene::Staged {
                    game: g,
                    name: "hint".to_string(),
                },
                "a game against the bot with a hint lit and its line of why",
            ));
        }
        for g in GameKind::ALL {
            v.push((
                format!("pieces-{}", g.cli_name()),
                Scene::Pieces(g),
                "every piece of a game in both woods, with its markers and marks",
            ));
        }
        v.push((
            "pieces-artist".to_string(),
            Scene::PiecesArtist,
            "the model reader's test files from other exporters, side by side",
        ));
        v.push((
            "model-viewer".to_string(),
            Scene::ModelViewer,
            "one model file (--model) turning on a square, with its size and triangles",
        ));
        for &(game, name, about) in staged {
            v.push((
                format!("{}-{name}", game.cli_name()),
                Scene::Staged {
                    game,
                    name: name.to_string(),
                },
                about,
            ));
        }
        v
    }

    pub fn parse(name: &str, staged: &[StagedName]) -> Option<Scene> {
        if let Some(model) = name.strip_prefix("piece:") {
            let known = crate::carve::MODELS.iter().any(|(n, _)| *n == model);
            return known.then(|| Scene::Piece(model.to_string()));
        }
        let name = name.to_ascii_lowercase();
        if let Some(game) = name
            .strip_prefix("rules-")
            .and_then(|n| n.strip_suffix("-online"))
            .and_then(GameKind::parse)
        {
            return Some(Scene::Rules {
                game,
                figure: Some("online".to_string()),
            });
        }
        if let Some(game) = name.strip_prefix("rules-").and_then(GameKind::parse) {
            return Some(Scene::Rules {
                game,
                figure: crate::figures::first_of(game).map(str::to_string),
            });
        }
        if let Some(game) = name.strip_prefix("pieces-").and_then(GameKind::parse) {
            return Some(Scene::Pieces(game));
        }
        if let Some(game) = GameKind::parse(&name) {
            return Some(Scene::Table(game));
        }
        // Learning's scenes at a table: `learn-<game>-<lesson>`, `puzzle-<game>`, `hint-<game>`.
        let at_table = |game: GameKind, name: String| Some(Scene::Staged { game, name });
        if let Some(rest) = name.strip_prefix("learn-")
            && let Some((game, id)) = rest.split_once('-')
            && let Some(game) = GameKind::parse(game)
        {
            return crate::learn::lesson_ids(game)
                .contains(&id)
                .then(|| at_table(game, format!("learn-{id}")))?;
        }
        if let Some(game) = name.strip_prefix("puzzle-").and_then(GameKind::parse) {
            return at_table(game, "puzzle".into());
        }
        if let Some(game) = name.strip_prefix("hint-").and_then(GameKind::parse) {
            return at_table(game, "hint".into());
        }
        // The replays' scenes: `replay-<game>`, `review-<game>`, `luck-chess`.
        for what in ["replay", "review", "luck", "analysis"] {
            if let Some(game) = name
                .strip_prefix(what)
                .and_then(|rest| rest.strip_prefix('-'))
                .and_then(GameKind::parse)
                .filter(|g| match what {
                    "luck" => *g == GameKind::Chess,
                    "analysis" => ANALYSIS_GAMES.contains(g),
                    _ => true,
                })
            {
                return at_table(game, what.into());
            }
        }
        let found = |name: &str| {
            Self::catalogue(staged)
                .into_iter()
                .find(|(n, _, _)| *n == name)
                .map(|(_, s, _)| s)
        };
        // `online-rematch`, the end banner with a rematch asked, is Ash & Walnut's.
        found(&name).or_else(|| (name == "online-rematch").then(|| found("hive-online-rematch"))?)
    }
}

/// Everything the flags can set (a Bevy resource in the game).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "app", derive(bevy::prelude::Resource))]
pub struct LaunchOptions {
    pub scene: Scene,
    /// Write a PNG of the window after `frames` frames, then exit.
    pub screenshot: Option<PathBuf>,
    pub frames: u32,
    /// Log the frame time (mean and median) over the frames the scene was on screen before the
    /// screenshot: a relative measure of how heavy a scene is to draw.
    pub frame_times: bool,
    /// With `--screenshot`: check that the marks on the board that differ by colour alone stay
    /// apart for colour-blind eyes, in the rendered picture (`app::dev::marks_check`).
    pub marks_check: bool,
    /// With `--screenshot`: check that every panel lies inside the window and none covers
    /// another, in the frame the shot is taken (`app::dev::layout_check`).
    pub layout_check: bool,
    /// Where saves live; `None` uses the device's store (or memory in screenshot runs).
    pub data_dir: Option<PathBuf>,
    /// A language for this run only (the saved setting is left alone).
    pub lang: Option<String>,
    /// An interface scale for this run only (1.0–2.0; the saved setting is left alone).
    pub ui_scale: Option<f32>,
    pub width: u32,
    pub height: u32,
    /// Go straight to Ash & Walnut's online table: open one, or join one by its code.
    pub online: Option<OnlineStart>,
    /// The online table's server for this run (the saved setting is kept).
    pub server: Option<String>,
    /// The model file the `model-viewer` scene shows, as an asset path (`models/x.glb`).
    pub model: Option<String>,
    /// The game whose online table `--online` goes to (`None`: Ash & Walnut).
    pub online_game: Option<GameKind>,
    /// The person's seat played by the engine at this level (demonstrations, and two copies of
    /// the game playing each other through a server); moves go through the table like a
    /// choice from "All my moves".
    pub autoplay: Option<crate::ai::Level>,
    /// With `--autoplay`: ask for a rematch at the end of each of the first this many online
    /// games (two copies of the game playing a rematch through a server).
    pub rematch: u32,
    /// A test aid: log (`probe: …` info lines) where the board's targets and the panels'
    /// buttons are on screen, and the table's state, whenever they change (`app::probe`).
    pub probe: bool,
    /// Draw every frame, as fast as the screen allows, instead of only when something changes
    /// (`app::calm`): for measuring frame rates.
    pub continuous: bool,
    /// Touch-sized targets from the start (every button and toggle at least 44 points tall),
    /// as on a touch screen: for looking at a phone's layout on the desktop.
    pub touch: bool,
    /// `--look light` or `--look full`: the table's look for this run, whatever the settings
    /// say (`Settings::light_look`): for comparing the two.
    pub look: Option<bool>,
    /// `--view-scale S`: the share of each side of the window the table's 3D view is drawn at
    /// (0.25 to 1), whatever the look: for measuring what the pixels cost (`app::room::view`).
    pub view_scale: Option<f32>,
    /// A game to open as a replay at start: a record file, or a finished online game's code.
    pub replay: Option<ReplayStart>,
}

/// The least share of each side of the window `--view-scale` takes (a sixteenth of the pixels).
pub const LEAST_VIEW_SCALE: f32 = 0.25;

/// What `--replay` opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayStart {
    /// A record (or a UHP GameString) in a file.
    File(PathBuf),
    /// A finished online game, by its table's code: its record is asked of the server.
    Code(String),
}

impl ReplayStart {
    /// `value` as `--replay` reads it: an existing file, else a six-character code, else a
    /// file (which then says it cannot be read).
    pub fn parse(value: &str) -> Result<ReplayStart, ArgError> {
        if value.trim().is_empty() {
            return Err(ArgError(
                "`--replay` takes a record file or a game's code".into(),
            ));
        }
        let code = crate::net::protocol::normalise_code(value);
        let as_file = PathBuf::from(value);
        let code_like = code.len() == crate::net::protocol::CODE_LEN
            && code
                .bytes()
                .all(|b| crate::net::protocol::CODE_ALPHABET.contains(&b));
        if code_like && !as_file.exists() {
            return Ok(ReplayStart::Code(code));
        }
        Ok(ReplayStart::File(as_file))
    }
}

/// What `--online` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineStart {
    /// Open a table; with a level, the server's bot at that level takes the other seat when
    /// nobody comes.
    Host(Option<crate::ai::Level>),
    Join(String),
    /// Quick game: be paired with someone asking for the same game under this control
    /// (the Online screen, which sends `quick` once its connection is up).
    Quick(crate::net::protocol::TimeControl),
    /// Watch the table with this code, read-only (`watch:CODE`).
    Watch(String),
}

impl Default for LaunchOptions {
    fn default() -> Self {
        LaunchOptions {
            scene: Scene::Menu,
            screenshot: None,
            frames: 60,
            frame_times: false,
            marks_check: false,
            layout_check: false,
            data_dir: None,
            lang: None,
            ui_scale: None,
            width: 1280,
            height: 720,
            online: None,
            online_game: None,
            server: None,
            autoplay: None,
            rematch: 0,
            probe: false,
            continuous: false,
            touch: false,
            look: None,
            view_scale: None,
            replay: None,
            model: None,
        }
    }
}

/// What the words asked for.
// Made once at start: the size of its one big variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Launch {
    Play(LaunchOptions),
    Help,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError(pub String);

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\nTry `carved-tables --help`.", self.0)
    }
}

impl std::error::Error for ArgError {}

/// The `--help` text, listing every flag and scene.
pub fn help(staged: &[StagedName]) -> String {
    let mut s = String::from(
        "carved-tables — Snēlab, Ash & Walnut and Artifact Chess on a carved wooden table

USAGE:
    carved-tables [FLAGS]

FLAGS:
    --scene NAME        open a named scene directly (see SCENES)
    --screenshot PATH   write a PNG of the window after --frames frames, then exit
                        (exit status 0 when written, 1 when it could not be)
    --frames N          frames to wait before the screenshot (default 60)
    --frame-times       with --screenshot: log the mean and median frame time of the
                        scene's frames before the shot (skipping the first 10)
    --marks-check       with --screenshot: check in the picture that the board's marks
                        that differ by colour alone stay apart for colour-blind eyes
                        (deuteranopia, protanopia), in the colour-safe palette (turned
                        on for this run); an error when they do not
    --layout-check      with --screenshot: check that every panel lies inside the
                        window and none covers another; an error when one does
    --size WxH          window size (default 1280x720)
    --lang en|pt|ru     language for this run (the saved setting is kept)
    --ui-scale X        interface size for this run, 1.0 to 2.0 (the saved setting is kept)
    --data-dir DIR      keep saves (purse, books, settings) in DIR instead of the
                        device's store; screenshot runs without it use memory only
    --online host|host:LEVEL|join:CODE|watch:CODE|quick|quick:SECONDS
                        the online table (Ash & Walnut's, or --game's): open one
                        (its code is logged; with LEVEL the server's bot at that
                        level sits if nobody joins), join the one with CODE,
                        watch it read-only, or Quick game: be paired with
                        someone (SECONDS a turn, 60)
    --game hive|snelab  the game whose online table --online goes to (hive)
    --server URL        the online table's server for this run (ws://HOST:PORT/ws)
    --autoplay LEVEL    the engine (easy, normal, hard) plays your seat
    --rematch N         with --autoplay: ask for a rematch after each of the first N
                        online games
    --model PATH        the model file the model-viewer scene shows, under assets/
                        (models/x.glb; default models/chess_knight.glb)
    --replay FILE|CODE  open a game as a replay at its table: a record file (or a UHP
                        GameString), or a finished online game by its table's code
                        (its record is asked of --server)
    --continuous        draw every frame, not only when something changes (to measure
                        frame rates)
    --touch             touch-sized buttons and toggles (at least 44 points tall), as
                        on a touch screen
    --look LOOK         the table's look for this run: light (for a slow renderer) or
                        full, whatever the settings say
    --view-scale S      draw the table's 3D view at S of each side of the window (0.25
                        to 1; the light look starts at 0.5 and follows the frame's
                        cost), the panels at full size
    --probe             a test aid: log where the board's squares, pieces and rings and
                        the panels' buttons are on screen (`probe:` lines), and the
                        table's state, whenever they change
    --help, -h          this text

SCENES:
",
    );
    for (name, _, what) in Scene::catalogue(staged) {
        if name.len() < 18 {
            s.push_str(&format!("    {name:<18}{what}\n"));
        } else {
            s.push_str(&format!("    {name}\n    {:<18}{what}\n", ""));
        }
    }
    s.push_str(
        "    piece:MODEL     one carved model alone, turning, in both woods; MODEL is one of\n",
    );
    let names: Vec<&str> = crate::carve::MODELS.iter().map(|(n, _)| *n).collect();
    for line in names.chunks(4) {
        s.push_str(&format!("                    {}\n", line.join(", ")));
    }
    s.push_str(
        "
CONTROLS:
    right-drag orbit · left-drag on the table pan · wheel or pinch zoom · F fit the board
",
    );
    s
}

fn value<'a>(flag: &str, it: &mut impl Iterator<Item = &'a String>) -> Result<&'a str, ArgError> {
    it.next()
        .map(String::as_str)
        .ok_or_else(|| ArgError(format!("`{flag}` needs a value")))
}

/// Parses the words after the program name; `staged` lists the tables' staged scenes.
pub fn parse(args: &[String], staged: &[StagedName]) -> Result<Launch, ArgError> {
    let mut o = LaunchOptions::default();
    let mut it = args.iter();
    while let Some(word) = it.next() {
        let (flag, inline) = match word.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (word.as_str(), None),
        };
        let take = |it: &mut std::slice::Iter<'_, String>| -> Result<String, ArgError> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => value(flag, it).map(str::to_string),
            }
        };
        match flag {
            "--help" | "-h" => return Ok(Launch::Help),
            "--scene" => {
                let name = take(&mut it)?;
                o.scene = Scene::parse(&name, staged).ok_or_else(|| {
                    let names: Vec<String> = Scene::catalogue(staged)
                        .into_iter()
                        .map(|(n, _, _)| n)
                        .collect();
                    ArgError(format!(
                        "unknown scene `{name}` (scenes: {})",
                        names.join(", ")
                    ))
                })?;
            }
            "--screenshot" => {
                let p = take(&mut it)?;
                if p.is_empty() {
                    return Err(ArgError("`--screenshot` needs a file path".into()));
                }
                o.screenshot = Some(PathBuf::from(p));
            }
            "--frames" => {
                let n = take(&mut it)?;
                o.frames = n
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=100_000).contains(n))
                    .ok_or_else(|| {
                        ArgError(format!(
                            "`--frames` takes a number from 1 to 100000, not `{n}`"
                        ))
                    })?;
            }
            "--frame-times" => o.frame_times = true,
            "--marks-check" => o.marks_check = true,
            "--layout-check" => o.layout_check = true,
            "--size" => {
                let s = take(&mut it)?;
                let parsed = s
                    .split_once(['x', 'X'])
                    .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
                    .filter(|(w, h)| (320..=8192).contains(w) && (240..=8192).contains(h));
                let (w, h) = parsed.ok_or_else(|| {
                    ArgError(format!(
                        "`--size` takes WIDTHxHEIGHT like 1280x720, not `{s}`"
                    ))
                })?;
                o.width = w;
                o.height = h;
            }
            "--lang" => {
                let l = take(&mut it)?;
                if !["en", "pt", "ru"].contains(&l.as_str()) {
                    return Err(ArgError(format!("`--lang` takes en, pt or ru, not `{l}`")));
                }
                o.lang = Some(l);
            }
            "--ui-scale" => {
                let v = take(&mut it)?;
                let scale = v
                    .parse::<f32>()
                    .ok()
                    .filter(|x| (1.0..=2.0).contains(x))
                    .ok_or_else(|| ArgError(format!("`--ui-scale` takes 1.0 to 2.0, not `{v}`")))?;
                o.ui_scale = Some(scale);
            }
            "--data-dir" => o.data_dir = Some(PathBuf::from(take(&mut it)?)),
            "--online" => {
                let v = take(&mut it)?;
                o.online = Some(match v.split_once(':') {
                    None if v == "host" => OnlineStart::Host(None),
                    Some(("host", level)) if crate::ai::Level::parse(level).is_some() => {
                        OnlineStart::Host(crate::ai::Level::parse(level))
                    }
                    None if v == "quick" => {
                        OnlineStart::Quick(crate::net::protocol::TimeControl::Turn { seconds: 60 })
                    }
                    Some(("quick", secs)) => match secs.parse::<u32>() {
                        Ok(seconds)
                            if crate::net::protocol::TimeControl::Turn { seconds }
                                .check()
                                .is_ok() =>
                        {
                            OnlineStart::Quick(crate::net::protocol::TimeControl::Turn { seconds })
                        }
                        _ => {
                            return Err(ArgError(format!(
                                "`--online quick:SECONDS` takes 1 to 3600 seconds a turn, not `{v}`"
                            )));
                        }
                    },
                    Some(("join", code))
                        if crate::net::protocol::normalise_code(code).len()
                            == crate::net::protocol::CODE_LEN =>
                    {
                        OnlineStart::Join(crate::net::protocol::normalise_code(code))
                    }
                    Some(("watch", code))
                        if crate::net::protocol::normalise_code(code).len()
                            == crate::net::protocol::CODE_LEN =>
                    {
                        OnlineStart::Watch(crate::net::protocol::normalise_code(code))
                    }
                    _ => {
                        return Err(ArgError(format!(
                            "`--online` takes host, host:LEVEL, join:CODE or watch:CODE (six \
                             characters), quick or quick:SECONDS, not `{v}`"
                        )));
                    }
                });
                o.scene = match o.online {
                    // Quick game is the Online screen's, which hands the seat to the table:
                    // the menu opens it (not the staged scene of that screen).
                    Some(OnlineStart::Quick(_)) => Scene::Menu,
                    _ => Scene::Table(o.online_game.unwrap_or(GameKind::Hive)),
                };
            }
            "--game" => {
                let v = take(&mut it)?;
                let game = GameKind::parse(&v).ok_or_else(|| {
                    ArgError(format!("`--game` takes hive, snelab or chess, not `{v}`"))
                })?;
                o.online_game = Some(game);
                if o.online.is_some() && !matches!(o.online, Some(OnlineStart::Quick(_))) {
                    o.scene = Scene::Table(game);
                }
            }
            "--server" => {
                let v = take(&mut it)?;
                if !v.starts_with("ws://") && !v.starts_with("wss://") {
                    return Err(ArgError(format!(
                        "`--server` takes ws://HOST:PORT/ws, not `{v}`"
                    )));
                }
                o.server = Some(v);
            }
            "--autoplay" => {
                let v = take(&mut it)?;
                o.autoplay = Some(crate::ai::Level::parse(&v).ok_or_else(|| {
                    ArgError(format!(
                        "`--autoplay` takes easy, normal or hard, not `{v}`"
                    ))
                })?);
            }
            "--rematch" => {
                let v = take(&mut it)?;
                o.rematch = v.parse().map_err(|_| {
                    ArgError(format!("`--rematch` takes a number of games, not `{v}`"))
                })?;
            }
            "--probe" => o.probe = true,
            "--continuous" => o.continuous = true,
            "--touch" => o.touch = true,
            "--look" => {
                let v = take(&mut it)?;
                o.look = Some(match v.as_str() {
                    "light" => true,
                    "full" => false,
                    _ => {
                        return Err(ArgError(format!("`--look` takes light or full, not `{v}`")));
                    }
                });
            }
            "--view-scale" => {
                let v = take(&mut it)?;
                o.view_scale = Some(
                    v.parse::<f32>()
                        .ok()
                        .filter(|s| (LEAST_VIEW_SCALE..=1.0).contains(s))
                        .ok_or_else(|| {
                            ArgError(format!(
                                "`--view-scale` takes a number from 0.25 to 1, not `{v}`"
                            ))
                        })?,
                );
            }
            "--replay" => o.replay = Some(ReplayStart::parse(&take(&mut it)?)?),
            "--model" => {
                let m = take(&mut it)?;
                if m.is_empty() {
                    return Err(ArgError("`--model` needs a model file".into()));
                }
                o.model = Some(m);
            }
            other => return Err(ArgError(format!("unknown flag `{other}`"))),
        }
    }
    Ok(Launch::Play(o))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    /// A staged scene as a table would register it.
    const STAGED: &[StagedName] = &[(GameKind::Snelab, "payment", "a payment being picked")];

    fn parse(args: &[String]) -> Result<Launch, ArgError> {
        super::parse(args, STAGED)
    }

    fn help() -> String {
        super::help(STAGED)
    }

    fn play(s: &str) -> LaunchOptions {
        match parse(&words(s)) {
            Ok(Launch::Play(o)) => o,
            other => panic!("`{s}` gave {other:?}"),
        }
    }

    #[test]
    fn defaults_open_the_menu() {
        assert_eq!(play(""), LaunchOptions::default());
        assert_eq!(LaunchOptions::default().frames, 60);
    }

    #[test]
    fn every_catalogued_scene_parses_back() {
        for (name, scene, _) in Scene::catalogue(STAGED) {
            assert_eq!(Scene::parse(&name, STAGED), Some(scene.clone()), "{name}");
            assert_eq!(play(&format!("--scene {name}")).scene, scene);
        }
        let rematch: &[StagedName] = &[(GameKind::Hive, "online-rematch", "the rematch")];
        let hive_rematch = Some(Scene::Staged {
            game: GameKind::Hive,
            name: "online-rematch".into(),
        });
        assert_eq!(Scene::parse("online-rematch", rematch), hive_rematch);
        assert_eq!(Scene::parse("hive-online-rematch", rematch), hive_rematch);
        assert_eq!(Scene::parse("online-rematch", STAGED), None);
        for required in [
            "menu",
            "snelab",
            "hive",
            "chess",
            "online-lobby",
            "online-watch",
            "online-games",
        ] {
            assert!(Scene::parse(required, STAGED).is_some(), "{required}");
        }
        assert_eq!(
            Scene::parse("snelab-payment", STAGED),
            Some(Scene::Staged {
                game: GameKind::Snelab,
                name: "payment".into()
            })
        );
        assert_eq!(Scene::parse("snelab-payment", &[]), None);
        assert_eq!(Scene::parse("hive-payment", STAGED), None);
        assert_eq!(
            Scene::parse("piece:chess_knight", STAGED),
            Some(Scene::Piece("chess_knight".into()))
        );
        assert_eq!(Scene::parse("piece:dragon", STAGED), None);
        assert!(help().contains("hive_otter"));
    }

    #[test]
    fn screenshot_flags() {
        let o = play("--scene chess --screenshot /tmp/x.png --frames 12 --size 800x600");
        assert_eq!(o.scene, Scene::Table(GameKind::Chess));
        assert_eq!(o.screenshot, Some(PathBuf::from("/tmp/x.png")));
        assert_eq!((o.frames, o.width, o.height), (12, 800, 600));
        assert_eq!(play("--frames=5").frames, 5);
        assert!(play("--scene hive --frame-times").frame_times);
        assert!(play("--scene snelab-payment --marks-check").marks_check);
        assert!(play("--scene hive --ui-scale 2 --layout-check").layout_check);
        assert!(!o.layout_check);
        assert!(!o.frame_times);
        let o = play("--online join:k7m-2qx --server ws://h:1/ws --autoplay easy");
        assert_eq!(o.online, Some(OnlineStart::Join("K7M2QX".into())));
        assert_eq!(o.scene, Scene::Table(GameKind::Hive));
        assert_eq!(o.server.as_deref(), Some("ws://h:1/ws"));
        assert_eq!(o.autoplay, Some(crate::ai::Level::Easy));
        assert!(!o.probe);
        assert!(play("--scene hive --probe").probe);
        assert!(play("--scene hive --continuous").continuous);
        assert!(!play("--scene hive").continuous);
        assert!(play("--scene hive --touch").touch);
        assert!(!play("--scene hive").touch);
        assert_eq!(play("--scene hive --look light").look, Some(true));
        assert_eq!(play("--scene hive --look full").look, Some(false));
        assert_eq!(play("--scene hive").look, None);
        assert_eq!(play("--scene hive --view-scale 0.4").view_scale, Some(0.4));
        assert_eq!(play("--scene hive").view_scale, None);
        for bad in ["0.1", "2", "half", "NaN"] {
            assert!(
                parse(&words(&format!("--scene hive --view-scale {bad}"))).is_err(),
                "{bad}"
            );
        }
        assert_eq!(play("--online host").online, Some(OnlineStart::Host(None)));
        // Quick game goes to the Online screen, whatever --game says.
        let o = play("--online quick:30 --game snelab --autoplay easy --rematch 1");
        assert_eq!(
            o.online,
            Some(OnlineStart::Quick(
                crate::net::protocol::TimeControl::Turn { seconds: 30 }
            ))
        );
        assert_eq!(o.scene, Scene::Menu);
        assert_eq!((o.online_game, o.rematch), (Some(GameKind::Snelab), 1));
        // --game chooses the online table's game, before or after --online.
        for args in ["--online host --game snelab", "--game snelab --online host"] {
            let o = play(args);
            assert_eq!(o.online_game, Some(GameKind::Snelab));
            assert_eq!(o.scene, Scene::Table(GameKind::Snelab));
        }
        assert_eq!(
            play("--online join:K7M2QX --game chess").scene,
            Scene::Table(GameKind::Chess)
        );
        assert_eq!(
            play("--online host:hard").online,
            Some(OnlineStart::Host(Some(crate::ai::Level::Hard)))
        );
        // watch:CODE watches a table read-only, at the chosen game's table.
        let o = play("--online watch:k7m-2qx --game chess");
        assert_eq!(o.online, Some(OnlineStart::Watch("K7M2QX".into())));
        assert_eq!(o.scene, Scene::Table(GameKind::Chess));
        assert!(parse(&words("--online watch:K7")).is_err());
    }

    #[test]
    fn help_lists_every_flag_and_scene() {
        assert_eq!(parse(&words("--help")), Ok(Launch::Help));
        assert_eq!(parse(&words("--scene menu -h")), Ok(Launch::Help));
        let h = help();
        for flag in [
            "--scene",
            "--screenshot",
            "--frames",
            "--frame-times",
            "--marks-check",
            "--size",
            "--lang",
            "--data-dir",
            "--probe",
            "--replay",
        ] {
            assert!(h.contains(flag), "{flag}");
        }
        for (name, _, _) in Scene::catalogue(STAGED) {
            assert!(h.contains(&name), "{name}");
        }
    }

    #[test]
    fn replay_takes_a_code_or_a_file() {
        assert_eq!(
            play("--replay K7M2QX").replay,
            Some(ReplayStart::Code("K7M2QX".into()))
        );
        assert_eq!(
            play("--replay games/last.txt").replay,
            Some(ReplayStart::File(PathBuf::from("games/last.txt")))
        );
        // A file that exists is a file, whatever its name.
        let dir = std::env::temp_dir().join(format!("replay-flag-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let code_like = dir.join("ABCDEF");
        std::fs::write(&code_like, "Base").unwrap();
        let value = code_like.to_string_lossy().into_owned();
        assert_eq!(
            ReplayStart::parse(&value),
            Ok(ReplayStart::File(code_like.clone()))
        );
        let _ = std::fs::remove_dir_all(&dir);
        assert!(ReplayStart::parse(" ").is_err());
    }

    #[test]
    fn bad_words_are_errors_that_name_the_problem() {
        for (bad, says) in [
            ("--scene", "needs a value"),
            ("--scene moon", "unknown scene `moon`"),
            ("--frames 0", "--frames"),
            ("--frames ten", "--frames"),
            ("--size big", "--size"),
            ("--size 10x10", "--size"),
            ("--lang de", "--lang"),
            ("--ui-scale 3", "--ui-scale"),
            ("--fly", "unknown flag `--fly`"),
            ("--online guest", "--online"),
            ("--online join:AB", "--online"),
            ("--online quick:0", "--online"),
            ("--rematch many", "--rematch"),
            ("--online host:grandmaster", "--online"),
            ("--server http://x", "--server"),
            ("--autoplay wise", "--autoplay"),
            ("--game draughts", "--game"),
            ("chess", "unknown flag `chess`"),
            ("--screenshot=", "file path"),
        ] {
            let e = parse(&words(bad)).unwrap_err();
            assert!(e.to_string().contains(says), "`{bad}` said {e}");
        }
    }
}
