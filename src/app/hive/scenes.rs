//! The staged scenes (`--scene hive…`): a game set up at a telling moment through the same
//! game and table calls a player's actions go through. The positions come from seeded random
//! games, so every run stages the same picture.

use super::table::{Phase, Pick, Table, Timing};
use super::ui::HivePanels;
use super::{HiveTable, RecordSaved, VerifyPage};
use crate::ai::Level;
use crate::app::dev::StageScene;
use crate::app::kit::StagedScene;
use crate::app::kit::scene_asked;
use crate::fair::Seed;
use crate::net::client::{Heard, Link, Request};
use crate::net::protocol::{
    BotLevel, GameView, Phase as NetPhase, PlayedView, RatingView, SeatId, SeatKind, SeatView,
    Side, TableView,
};
use crate::play::hive::HiveGame;
use crate::play::{ClockSetting, Seat};
use crate::rules::hive::record::RecordedEntry;
use crate::rules::hive::{Creature, GameType, Move, Outcome, State};
use bevy::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub const SCENES: &[StagedScene] = &[
    StagedScene {
        name: "lifted",
        about: "Ash & Walnut: an Otter lifted with its rings, the reserves beside the table",
        tool: None,
    },
    StagedScene {
        name: "mlp",
        about: "Ash & Walnut with the three expansions: the Jay (one atop a stack), the Squirrel \
                and the Hedgehog on the table",
        tool: None,
    },
    StagedScene {
        name: "creatures",
        about: "Ash & Walnut with the three expansions: the other player's piece lifted beside \
                the person's Hedgehog, rings where it may be carried",
        tool: None,
    },
    StagedScene {
        name: "moves",
        about: "Ash & Walnut: \"All my moves\" open",
        tool: None,
    },
    StagedScene {
        name: "words",
        about: "Ash & Walnut: All my moves as the table in words, a move being typed",
        tool: None,
    },
    StagedScene {
        name: "clock",
        about: "Ash & Walnut: the clock under ten seconds, the warning shown",
        tool: None,
    },
    StagedScene {
        name: "verdict",
        about: "Ash & Walnut: an Elder surrounded, the seed revealed, the record saved",
        tool: None,
    },
    StagedScene {
        name: "ended",
        about: "Ash & Walnut: an Elder surrounded, the seed revealed, the record not saved yet",
        tool: None,
    },
    StagedScene {
        name: "seating",
        about: "Ash & Walnut: the seed drawn, its fingerprint, the seats landing on their woods",
        tool: None,
    },
    StagedScene {
        name: "lobby",
        about: "Ash & Walnut: the lobby, the bot or a person here, and the online table",
        tool: None,
    },
    StagedScene {
        name: "lobby-creatures",
        about: "Ash & Walnut: the lobby with the Squirrel and the Hedgehog chosen (Base+LP), \
                the Jay not",
        tool: None,
    },
    StagedScene {
        name: "online-waiting",
        about: "Ash & Walnut online: the table's code to give, the bot's countdown, the link",
        tool: None,
    },
    StagedScene {
        name: "online",
        about: "Ash & Walnut online: a game in progress, the link up, the other player away",
        tool: None,
    },
    StagedScene {
        name: "online-reconnecting",
        about: "Ash & Walnut online: the link lost and being tried again (the third try), the \
                other player away, as the status strip says it",
        tool: None,
    },
    StagedScene {
        name: "online-clock",
        about: "Ash & Walnut online: the server's clock in its last seconds, the other player's timeout move told by colour",
        tool: None,
    },
    StagedScene {
        name: "online-rematch",
        about: "Ash & Walnut online: the end banner after Ana resigned, her rematch request with \
                Accept rematch, two watching",
        tool: None,
    },
    StagedScene {
        name: "verify",
        about: "Ash & Walnut: Verify a game on a tampered record, the first bad move shown",
        tool: Some("verify"),
    },
];

/// The scenes' secret seed (a picture must not change from run to run).
const SCENE_SEED: Seed = Seed([7; 32]);

/// The moves of a seeded random game that reaches a position `want` accepts, person (ash…
/// whatever the colour rule gives the first seat) to move.
fn random_game(want: impl Fn(&State) -> bool) -> Vec<Move> {
    random_game_of(GameType::BASE, want)
}

/// [`random_game`] with `game`'s creatures.
fn random_game_of(game: GameType, want: impl Fn(&State) -> bool) -> Vec<Move> {
    for seed in 0..4000u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = State::new_game(game);
        let mut moves = Vec::new();
        while s.outcome().is_none() && s.ply() < 120 {
            if want(&s) {
                return moves;
            }
            let legal = s.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            let _ = s.play(m);
            moves.push(m);
        }
        if want(&s) {
            return moves;
        }
    }
    Vec::new()
}

/// A table with a game against the bot (normal) in which `moves` were played.
fn game_with(moves: &[Move]) -> HiveGame {
    game_of(GameType::BASE, moves)
}

/// [`game_with`], a game of `game`'s creatures.
fn game_of(game: GameType, moves: &[Move]) -> HiveGame {
    let mut g = HiveGame::new(
        [Seat::Person, Seat::Bot(Level::Normal)],
        [String::new(), String::new()],
        SCENE_SEED,
        ClockSetting {
            per_turn: Some(Timing::PLAY.turn),
            window: None,
        },
        11,
    )
    .of_type(game);
    for m in moves {
        if let Some(side) = g.awaited() {
            let _ = g.submit(side, *m);
        }
    }
    g
}

/// A game in progress: at least twelve pieces, an Owl on a stack, the person to move.
fn in_progress() -> Vec<Move> {
    let person = game_with(&[]).colour_of(crate::fair::SeatOrder::First);
    random_game(|s| {
        s.board().occupied_cells() >= 11
            && s.board()
                .tops()
                .any(|(p, h)| p.creature() == Creature::Owl && s.board().height(h) > 1)
            && s.to_move() == person
            && s.board().tops().any(|(p, _)| {
                p.colour() == person
                    && p.creature() == Creature::Otter
                    && !crate::rules::hive::words::move_destinations(s, p).is_empty()
            })
    })
}

/// A Base+MLP game in progress, the person to move: the Jay, the Squirrel and the Hedgehog
/// each on top somewhere, a Jay atop a stack.
fn expansions_in_progress() -> Vec<Move> {
    let person = game_with(&[]).colour_of(crate::fair::SeatOrder::First);
    random_game_of(GameType::MLP, |s| {
        let b = s.board();
        b.occupied_cells() >= 11
            && s.to_move() == person
            && [Creature::Jay, Creature::Squirrel, Creature::Hedgehog]
                .iter()
                .all(|c| b.tops().any(|(p, _)| p.creature() == *c))
            && b.tops()
                .any(|(p, h)| p.creature() == Creature::Jay && b.height(h) > 1)
    })
}

/// A Base+MLP game, the person to move, whose Hedgehog may carry a piece of the other
/// player's (and the three creatures on the table).
fn carry_in_progress() -> Vec<Move> {
    let person = game_with(&[]).colour_of(crate::fair::SeatOrder::First);
    random_game_of(GameType::MLP, |s| {
        let b = s.board();
        b.occupied_cells() >= 10
            && s.to_move() == person
            && [Creature::Jay, Creature::Squirrel, Creature::Hedgehog]
                .iter()
                .all(|c| b.tops().any(|(p, _)| p.creature() == *c))
            && b.tops().any(|(p, _)| {
                p.colour() != person
                    && crate::rules::hive::words::move_destinations(s, p).len() >= 2
            })
    })
}

fn stage_game(table: &mut Table, moves: &[Move], seconds_gone: f64) {
    stage_game_of(table, GameType::BASE, moves, seconds_gone);
}

fn stage_game_of(table: &mut Table, game: GameType, moves: &[Move], seconds_gone: f64) {
    let mut g = game_of(game, moves);
    let _ = g.tick(seconds_gone);
    table.resume(g);
    table.phase = Phase::Play;
}

/// Stages the scene named by [`StageScene`].
#[allow(clippy::too_many_arguments)]
pub(super) fn stage(
    mut requests: MessageReader<StageScene>,
    mut table: ResMut<HiveTable>,
    panels: Option<ResMut<HivePanels>>,
    mut saved: ResMut<RecordSaved>,
    mut verify: ResMut<VerifyPage>,
    mut notices: Option<ResMut<crate::app::save::Notices>>,
    tr: Option<Res<crate::i18n::Tr>>,
) {
    let requests = requests.read().map(|s| (s.game, &s.name));
    let Some(name) = scene_asked(crate::rules::GameKind::Hive, requests) else {
        return;
    };
    let t = &mut *table;
    match name.as_str() {
        // The plain table scene: a game in progress, the clock running.
        "" => stage_game(t, &in_progress(), 17.0),
        // A game against the bot, the person to move: `app::learn` asks the hint.
        "hint" => stage_game(t, &in_progress(), 12.0),
        "lifted" => {
            stage_game(t, &in_progress(), 9.0);
            let state = t.shown();
            let person = state.to_move();
            let otter = state.board().tops().find(|(p, _)| {
                p.colour() == person
                    && p.creature() == Creature::Otter
                    && !crate::rules::hive::words::move_destinations(state, *p).is_empty()
            });
            if let Some((_, at)) = otter {
                let _ = t.handle(super::Intent::LiftAt(at), SCENE_SEED, 0, &Timing::INSTANT);
            }
        }
        "mlp" => stage_game_of(t, GameType::MLP, &expansions_in_progress(), 14.0),
        "creatures" => {
            stage_game_of(t, GameType::MLP, &carry_in_progress(), 11.0);
            // The other player's piece the person's Hedgehog may carry, lifted: its rings.
            let state = t.shown();
            let person = state.to_move();
            let carried = state.board().tops().find(|(p, _)| {
                p.colour() != person
                    && !crate::rules::hive::words::move_destinations(state, *p).is_empty()
            });
            if let Some((_, at)) = carried {
                let _ = t.handle(super::Intent::LiftAt(at), SCENE_SEED, 0, &Timing::INSTANT);
            }
        }
        "moves" => {
            stage_game(t, &in_progress(), 21.0);
            if let Some(mut p) = panels {
                p.moves = true;
            }
        }
        "words" => {
            stage_game(t, &in_progress(), 21.0);
            if let Some(mut p) = panels {
                p.moves = true;
                p.field.typed = "wA1 bQ-".into();
                // The last two moves as they were announced.
                if let (Some(tr), Some(game)) = (&tr, &t.game) {
                    let game = game.game();
                    let n = game.record().len();
                    for i in n.saturating_sub(2)..n {
                        if let Some(before) = game.after(i) {
                            let mv = game.record()[i].action;
                            p.field
                                .announce(tr.say(&crate::access::hive::announce(before, mv)));
                        }
                    }
                }
            }
        }
        "clock" => stage_game(t, &in_progress(), Timing::PLAY.turn - 7.4),
        "verdict" => {
            let (g, _) = finished();
            t.resume(g);
            let record = t
                .game
                .as_ref()
                .map(|g| g.record().to_text())
                .unwrap_or_default();
            let dir = std::env::temp_dir().join("carved-tables-scene");
            saved.0 = Some(crate::app::platform::save_text(
                &dir,
                &super::ui::end::record_name(&SCENE_SEED.fingerprint()),
                &record,
            ));
        }
        "ended" => {
            let (g, _) = finished();
            t.resume(g);
            saved.0 = None;
        }
        "verify" => {
            let (g, bad) = finished();
            let mut record = g.record();
            if let Some(text) = tampered_move(&record, bad)
                && let Some(RecordedEntry::Move(m)) = record.entries.get_mut(bad)
            {
                m.text = text;
            }
            verify.load_text(&record.to_text());
        }
        "seating" => {
            stage_game(t, &[], 0.0);
            // Near the end of the seating (the clock runs on: a few frames later it is over).
            t.phase = Phase::Seating { left: 0.9 };
        }
        "lobby" => {
            t.host = None;
            t.game = None;
            t.phase = Phase::Lobby;
        }
        "lobby-creatures" => {
            t.host = None;
            t.game = None;
            t.phase = Phase::Lobby;
            t.game_type = GameType::with(&[Creature::Squirrel, Creature::Hedgehog]);
        }
        "online-waiting" => {
            t.go_online(
                Request::Create {
                    game: crate::rules::GameKind::Hive,
                    options: Default::default(),
                    clock: None,
                    bot_fill: Some(BotLevel::Normal),
                    name: "Ana".into(),
                    control: None,
                    public: false,
                    rated: false,
                },
                "ws://staged".into(),
            );
            t.heard(
                Heard::Seated {
                    code: "K7M2QX".into(),
                    seat: SeatId::First,
                    token: String::new(),
                },
                &Timing::INSTANT,
            );
            if let Some(o) = t.host.as_mut() {
                o.staged = true;
                o.link = Link::Connected;
                o.bot_in = Some(23.0);
            }
        }
        "online" => stage_game_online(t, Link::Connected),
        "online-reconnecting" => stage_game_online(t, Link::Reconnecting { attempt: 3 }),
        "online-clock" => {
            join_as_rui(t);
            // Ana's last move was the clock's.
            let mut view = online_view();
            let mut by = None;
            if let GameView::Hive { moves, .. } = &mut view.game
                && let Some(last) = moves.last_mut()
            {
                last.timeout = true;
                by = Some(crate::rules::hive::Colour::from(last.by));
            }
            t.heard(Heard::Table(Box::new(view)), &Timing::INSTANT);
            if let Some(o) = t.host.as_mut() {
                o.link = Link::Connected;
                o.countdown = Some(6.2);
            }
            if let (Some(notices), Some(tr), Some(by)) = (notices.as_mut(), tr.as_ref(), by) {
                use crate::i18n::Explain;
                notices.push(tr.say(
                    &crate::i18n::msg("hive.timeout_played").with_words("colour", by.explain()),
                ));
            }
        }
        "online-rematch" => {
            join_as_rui(t);
            // Ana resigned; she is still at the table and asks for another game.
            let mut view = online_view();
            let ana = view.seats[0].colour;
            view.seats[0].connected = true;
            view.phase = NetPhase::Ended;
            view.to_move = None;
            view.time_left_ms = None;
            view.outcome = Some(crate::net::protocol::Outcome {
                winner: ana.map(|a| match a {
                    Side::Ash => Side::Walnut,
                    Side::Walnut => Side::Ash,
                }),
                reason: crate::net::protocol::EndReason::Resigned,
            });
            view.seed = Some(SCENE_SEED.to_hex());
            view.rematch = [true, false];
            view.watchers = 2;
            t.heard(Heard::Table(Box::new(view)), &Timing::INSTANT);
            if let Some(o) = t.host.as_mut() {
                o.link = Link::Connected;
                // A rated game: Rui's provisional rating rose, Ana's fell a little.
                let r = |rating, deviation, provisional, games| RatingView {
                    rating,
                    deviation,
                    provisional,
                    games,
                };
                o.rating_change = Some([
                    crate::net::protocol::RatingChange {
                        before: r(1612, 58, false, 41),
                        after: r(1604, 58, false, 42),
                    },
                    crate::net::protocol::RatingChange {
                        before: r(1500, 350, true, 0),
                        after: r(1671, 283, true, 1),
                    },
                ]);
            }
        }
        // Learning's scenes are staged by `app::learn`.
        other if crate::app::learn::stages(other) || crate::app::replay::stages(other) => {}
        other => warn!("no staged Ash & Walnut scene `{other}`"),
    }
    if matches!(t.pick, Pick::Idle) {
        t.focus = None;
    }
}

/// The staged table K7M2QX joined as Rui: its host staged, nothing heard yet.
fn join_as_rui(t: &mut Table) {
    t.go_online(
        Request::Join {
            code: "K7M2QX".into(),
            name: "Rui".into(),
        },
        "ws://staged".into(),
    );
    if let Some(o) = t.host.as_mut() {
        o.staged = true;
    }
}

/// The online scene's game in progress, joined as Rui, its link `link`: 38 s on the clock (what
/// the link reads off the server's deadline when the state came).
fn stage_game_online(t: &mut Table, link: Link) {
    join_as_rui(t);
    t.heard(Heard::Table(Box::new(online_view())), &Timing::INSTANT);
    if let Some(o) = t.host.as_mut() {
        o.link = link;
        o.countdown = Some(38.0);
    }
}

/// The server's view of a game in progress for the `online` scene: this device holds the second
/// seat (Rui), Ana opened the table and is away, the game's clock running.
fn online_view() -> TableView {
    let mut s = State::new();
    let mut moves = Vec::new();
    for (i, m) in in_progress().into_iter().enumerate() {
        moves.push(PlayedView {
            seq: i as u64 + 1,
            action: s.move_string(m),
            by: s.to_move().into(),
            timeout: false,
        });
        let _ = s.play(m);
    }
    let seat = |seat, name: &str, you, connected, colour| SeatView {
        seat,
        kind: SeatKind::Human,
        level: None,
        name: name.into(),
        connected,
        you,
        colour: Some(colour),
        fingerprint: Some(if you { "b71d·09f4" } else { "3f9a·c2e1" }.into()),
        key: None,
        rating: Some(if you {
            RatingView {
                rating: 1500,
                deviation: 350,
                provisional: true,
                games: 0,
            }
        } else {
            RatingView {
                rating: 1612,
                deviation: 58,
                provisional: false,
                games: 41,
            }
        }),
    };
    // Rui plays the side to move.
    let rui = Side::from(s.to_move());
    let ana = Side::from(s.to_move().other());
    TableView {
        code: "K7M2QX".into(),
        phase: NetPhase::Playing,
        seq: moves.len() as u64,
        you: Some(SeatId::Second),
        seats: [
            seat(SeatId::First, "Ana", false, false, ana),
            seat(SeatId::Second, "Rui", true, true, rui),
        ],
        clock: 60,
        control: Default::default(),
        banks_ms: None,
        public: false,
        watchers: 0,
        offer: None,
        rematch: [false; 2],
        to_move: Some(rui),
        time_left_ms: Some(38_000),
        bot_in_ms: None,
        fingerprint: Some(SCENE_SEED.fingerprint()),
        ash: Some(if ana == Side::Ash {
            SeatId::First
        } else {
            SeatId::Second
        }),
        game: GameView::Hive {
            moves,
            game_type: GameType::BASE,
        },
        outcome: None,
        seed: None,
        chain: None,
        rated: true,
    }
}

/// A move for entry `bad` of a record that reads well but is not legal there (a piece of the
/// mover's sent next to another piece where it cannot go): the tampering a player would try.
fn tampered_move(record: &crate::rules::hive::GameRecord, bad: usize) -> Option<String> {
    use crate::rules::hive::notation;
    let mut s = State::new();
    for e in record.entries.iter().take(bad) {
        if let RecordedEntry::Move(m) = e
            && let Ok(mv) = s.parse_move(&m.text)
        {
            let _ = s.play(mv);
        }
    }
    let me = s.to_move();
    let pieces: Vec<_> = s.board().tops().collect();
    for (p, _) in pieces.iter().filter(|(p, _)| p.colour() == me) {
        for (r, _) in pieces.iter().filter(|(r, _)| r != p) {
            for mark in ["-{}", "{}-", "/{}", "{}/", "\\{}", "{}\\"] {
                let text = format!("{} {}", p.notation(), mark.replace("{}", &r.notation()));
                if notation::parse_move(s.board(), &text).is_ok() && s.parse_move(&text).is_err() {
                    return Some(text);
                }
            }
        }
    }
    None
}

/// A game the person won by surrounding the bot's Elder (the person's moves the easy engine's,
/// the bot's random), and a move in it to tamper with.
fn finished() -> (HiveGame, usize) {
    let person = game_with(&[]).colour_of(crate::fair::SeatOrder::First);
    for seed in 0..200u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = State::new();
        let mut moves = Vec::new();
        while s.outcome().is_none() {
            let m = if s.to_move() == person {
                crate::ai::choose(&s, Level::Easy, seed)
            } else {
                let legal = s.legal_moves();
                Some(legal[rng.random_range(0..legal.len())])
            };
            let Some(m) = m else { break };
            let _ = s.play(m);
            moves.push(m);
        }
        if s.outcome() == Some(Outcome::Win(person)) {
            let bad = (moves.len() / 2).max(1);
            return (game_with(&moves), bad);
        }
    }
    (game_with(&[]), 0)
}
