//! The staged scenes (`--scene chess…`): a game set up at a telling moment through the same
//! table calls a player's actions go through (intents, a game resumed), and the table's few
//! staging methods for what no player does (a saved game offered, back to the lobby, the
//! reveal or the dice held for the picture); no scene writes the table's fields. The games come
//! from seeded choices, so every run stages the same picture.

use super::ChessTable;
use super::table::{Effect, Intent, Table, Timing};
use crate::ai::Level;
use crate::app::dev::StageScene;
use crate::app::kit::StagedScene;
use crate::app::kit::history::Step;
use crate::app::kit::scene_asked;
use crate::play::Seat;
use crate::play::chess::ChessGame;
use crate::rules::chess::{Action, Army, AttemptResult, Colour, DiceRng, End, Role, Square, State};
use bevy::prelude::*;

pub const SCENES: &[StagedScene] = &[
    StagedScene {
        name: "lobby",
        about: "Artifact Chess: the lobby, a saved game offered first",
        tool: None,
    },
    StagedScene {
        name: "pass",
        about: "Artifact Chess: the hot seat's hand-over, the first army hidden",
        tool: None,
    },
    StagedScene {
        name: "army",
        about: "Artifact Chess: an army being built, green dots only where the pawn in hand \
                fits, a placed piece picked to take off, a bishop refused and told why",
        tool: None,
    },
    StagedScene {
        name: "army-black",
        about: "Artifact Chess: Black's army being built against the engine, a rook refused on \
                the seventh rank and told that Black's pieces stand on the eighth",
        tool: None,
    },
    StagedScene {
        name: "reveal",
        about: "Artifact Chess: both armies revealed, the notice off the board",
        tool: None,
    },
    StagedScene {
        name: "attack",
        about: "Artifact Chess: a piece lifted with its dots, attack rings and their odds",
        tool: None,
    },
    StagedScene {
        name: "colourblind",
        about: "Artifact Chess: the attack scene in the colour-safe palette (moves, attacks and \
                the last move told apart without red and green)",
        tool: None,
    },
    StagedScene {
        name: "contact",
        about: "Artifact Chess: the attack scene's game between two people here, nothing lifted",
        tool: None,
    },
    StagedScene {
        name: "dice",
        about: "Artifact Chess: the dice of an attempt in the air",
        tool: None,
    },
    StagedScene {
        name: "dice-result",
        about: "Artifact Chess: the dice settled, the sums, and the result naming the \
                wounded piece with what the sums meant",
        tool: None,
    },
    StagedScene {
        name: "dice-one",
        about: "Artifact Chess: a wounded piece's attempt settled, one die against two, the \
                counts said in the language's own plural forms",
        tool: None,
    },
    StagedScene {
        name: "wounded",
        about: "Artifact Chess: after an attack whose defender was wounded, the result line \
                naming the piece, the dice and sums, and what they meant",
        tool: None,
    },
    StagedScene {
        name: "words",
        about: "Artifact Chess: All my moves, the board in words with wounds, hands and cards",
        tool: None,
    },
    StagedScene {
        name: "history",
        about: "Artifact Chess: viewing an earlier action of the game",
        tool: None,
    },
    StagedScene {
        name: "verdict",
        about: "Artifact Chess: mate, the banner",
        tool: None,
    },
    StagedScene {
        name: "cards",
        about: "Artifact Chess: your hand open, one card raised with its text",
        tool: None,
    },
    StagedScene {
        name: "target",
        about: "Artifact Chess: a card chosen, its legal targets lit",
        tool: None,
    },
    StagedScene {
        name: "window",
        about: "Artifact Chess: the response bar counting down with Cancel / Seize / Pass",
        tool: None,
    },
    StagedScene {
        name: "effects",
        about: "Artifact Chess: a barricade and a statue, an Heir, a shielded and a restricted \
                piece, both reserves",
        tool: None,
    },
    StagedScene {
        name: "ram",
        about: "Artifact Chess: Explosive Ram's blast, the demoted pieces rising in their new shapes",
        tool: None,
    },
    StagedScene {
        name: "cancel",
        about: "Artifact Chess: Cancel answering an Explosive Ram, the board returning",
        tool: None,
    },
    StagedScene {
        name: "online-building",
        about: "Artifact Chess online: building your army while Rui's is ready, committed and \
                hidden; the status strip with the table's code",
        tool: None,
    },
    StagedScene {
        name: "online",
        about: "Artifact Chess online: a game in progress against Rui at the server, the status \
                strip, the server's clock, Rui's hand as card backs with the server's count",
        tool: None,
    },
    StagedScene {
        name: "online-offer",
        about: "Artifact Chess online: Rui offers a draw to accept or decline, under a 5+3 bank \
                (both banks in the status strip, yours running), three watching",
        tool: None,
    },
    StagedScene {
        name: "online-spectate",
        about: "Artifact Chess online, watched: Ana against Rui as a spectator sees it, both \
                hands as counts only, no move input, \"Watching\" with the code and four watching",
        tool: None,
    },
    StagedScene {
        name: "online-end",
        about: "Artifact Chess online: Rui resigned; the end banner with the seed revealed, its \
                fingerprint matching, and the server's record verified here",
        tool: None,
    },
    StagedScene {
        name: "verify",
        about: "Artifact Chess: Verify a game on a record with one die changed, failing at that \
                line",
        tool: Some("verify"),
    },
];

/// The online scenes' secret seed (a picture must not change from run to run).
pub(super) const SCENE_SEED: crate::fair::Seed = crate::fair::Seed([7; 32]);

/// An online table at the scenes' seed: Ana (the first seat) and Rui, artifacts on, fixed
/// values and salts, armies from the engine's builder.
fn scene_table() -> crate::play::chess_record::OnlineTable {
    use crate::fair::Seed;
    use crate::fair::chess::{army_text, commitment};
    let mut rng = DiceRng::new(2026);
    let armies = [
        Army::engine(Colour::White, &mut rng),
        Army::engine(Colour::Black, &mut rng),
    ];
    let salts = [Seed([21; 32]), Seed([22; 32])];
    let commits = [0, 1].map(|i| {
        let c = commitment(&army_text(&armies[i]), &salts[i].to_hex());
        crate::fair::chess::parse_commitment(&c).unwrap_or([0; 32])
    });
    // Ana is the seat the seed makes white (the online scenes are seen from her device).
    let ana = "Ana (Remote player)".to_string();
    let rui = "Rui (Remote player)".to_string();
    let seats = match crate::fair::chess::white_seat(&SCENE_SEED) {
        crate::fair::SeatOrder::First => [ana, rui],
        crate::fair::SeatOrder::Second => [rui, ana],
    };
    crate::play::chess_record::OnlineTable {
        seed: SCENE_SEED,
        seats,
        artifacts: true,
        values: [[31; 32], [32; 32]],
        commits,
        armies,
        salts,
    }
}

/// The scenes' online game: cards played first, attempts next, until `n` actions (a die
/// rolled on the way).
pub(super) fn scene_game(n: usize) -> (crate::play::chess_record::OnlineTable, ChessGame) {
    let table = scene_table();
    let mut g = table.game([Seat::Remote, Seat::Remote], 0);
    let mut rng = DiceRng::new(5);
    while g.len() < n && g.ending().is_none() {
        let Some(side) = g.awaited() else { break };
        let legal = g.state().legal_actions();
        let card = legal
            .iter()
            .find(|a| matches!(a, Action::Play(p) if !matches!(p, crate::rules::chess::cards::Play::Cancel)));
        let a = match card {
            Some(a) if g.len() < 4 => *a,
            _ => match pick(g.state(), &mut rng) {
                Some(a) => a,
                None => break,
            },
        };
        if g.submit(side, a).is_err() {
            break;
        }
    }
    (table, g)
}

/// The scenes' online game over: Rui (black) resigned after 14 actions, and the server
/// revealed `seed` with its record (the scenes' seed: the fingerprint shown at the start
/// matches; another: it does not).
pub(super) fn stage_online_end(t: &mut Table, seed: crate::fair::Seed) {
    use crate::net::client::Heard;
    use crate::net::protocol::{EndReason, Outcome, Side as Wire};
    let (table, mut g) = scene_game(14);
    stage_online(t, Some(&g), true);
    t.phase = super::table::Phase::Play;
    let _ = g.resign(Colour::Black);
    let record = crate::play::chess_record::ChessRecord::from_game(&table, &g).to_text();
    t.heard(
        Heard::Ended {
            outcome: Outcome {
                winner: Some(Wire::Ash),
                reason: EndReason::Resigned,
            },
            seed: seed.to_hex(),
            record,
            ratings: None,
        },
        &Timing::INSTANT,
    );
}

/// An online table at the server as this device (Ana, the seat the seed makes white) hears
/// it: `stage` and `game` as the server would show them, Rui ready when `other_ready`.
pub(super) fn stage_online(t: &mut Table, game: Option<&ChessGame>, other_ready: bool) {
    stage_online_as(t, game, other_ready, false);
}

/// The server's table for this device: seated white, or (`watching`) a spectator's, who is
/// told every action without its draw and both hands as counts only.
fn stage_online_as(t: &mut Table, game: Option<&ChessGame>, other_ready: bool, watching: bool) {
    use crate::net::client::{Heard, Request};
    use crate::net::protocol::{
        ChessStage, GameView, Phase as NetPhase, PlayedView, SeatId, SeatKind, SeatView,
        Side as Wire, TableView,
    };
    let white: SeatId = crate::fair::chess::white_seat(&SCENE_SEED).into();
    let me = white;
    *t = Table::default();
    let request = if watching {
        Request::Spectate {
            code: "K7M2QX".into(),
        }
    } else {
        Request::Join {
            code: "K7M2QX".into(),
            name: "Ana".into(),
        }
    };
    t.go_online(request, "ws://staged".into());
    let timing = Timing::INSTANT;
    t.heard(
        if watching {
            Heard::Watching {
                code: "K7M2QX".into(),
            }
        } else {
            Heard::Seated {
                code: "K7M2QX".into(),
                seat: me,
                token: String::new(),
            }
        },
        &timing,
    );
    // What the server lets this viewer see of a position: a spectator neither hand.
    let now_at = |s: &crate::rules::chess::State| {
        if watching {
            crate::net::protocol::ChessNow {
                position: s.public_view().to_string(),
                hands: Colour::BOTH.map(|c| s.hand_size(c)),
            }
        } else {
            super::online::now_of(s, Colour::White)
        }
    };
    let seat = |seat: SeatId, name: &str, colour| SeatView {
        seat,
        kind: SeatKind::Human,
        level: None,
        name: name.into(),
        connected: true,
        you: seat == me && !watching,
        colour: Some(colour),
        fingerprint: None,
        key: None,
        rating: None,
    };
    let mut seats = [
        seat(white, "Ana", Wire::Ash),
        seat(white.other(), "Rui", Wire::Walnut),
    ];
    seats.sort_by_key(|s| s.seat.index());
    let table = scene_table();
    // The game as it stood when both armies were in: both `ready`s and `reveal`s heard.
    let (stage, moves, now, armies) = match game {
        Some(g) => {
            let early = ["ready", "ready", "reveal", "reveal"];
            let moves: Vec<PlayedView> = early
                .iter()
                .enumerate()
                .map(|(i, word)| PlayedView {
                    seq: i as u64 + 1,
                    action: (*word).to_string(),
                    by: if i % 2 == 0 { Wire::Ash } else { Wire::Walnut },
                    timeout: false,
                })
                .collect();
            let now = now_at(g.game().start());
            let armies = [0, 1].map(|i| Some(crate::fair::chess::army_text(&table.armies[i])));
            (ChessStage::Playing, moves, Some(now), armies)
        }
        None => (ChessStage::Building, Vec::new(), None, [None, None]),
    };
    let ready = match game {
        Some(_) => [true, true],
        None => [false, other_ready],
    };
    let view = TableView {
        code: "K7M2QX".into(),
        phase: NetPhase::Playing,
        seq: if game.is_some() {
            4
        } else {
            u64::from(other_ready)
        },
        you: Some(me).filter(|_| !watching),
        seats,
        clock: 60,
        control: Default::default(),
        banks_ms: None,
        public: false,
        watchers: 0,
        offer: None,
        rematch: [false; 2],
        to_move: Some(Wire::Ash),
        time_left_ms: Some(38_000),
        bot_in_ms: None,
        fingerprint: Some(SCENE_SEED.fingerprint()),
        ash: Some(white),
        game: GameView::Chess {
            artifacts: true,
            stage,
            ready,
            commits: [None, None],
            values: [None, None],
            armies,
            moves,
            now,
        },
        outcome: None,
        seed: None,
        chain: None,
        rated: false,
    };
    t.heard(Heard::Table(Box::new(view)), &timing);
    // Then every action of the game as the server tells white: with its dice, the Zombie
    // Pawn's square and (white's own) a Trophy's draw, and the position white may see.
    if let Some(g) = game {
        let m = g.game();
        for (i, (e, step)) in m.record().iter().zip(m.course()).enumerate() {
            let Some(before) = m.after(i) else { break };
            let a = crate::play::chess_record::RecordedAction::of(
                before,
                &step.record,
                &step.after,
                e.timeout,
            );
            let text = a.heard_text(a.colour == Colour::White && !watching);
            t.heard(
                Heard::Played {
                    played: PlayedView {
                        seq: i as u64 + 5,
                        action: text,
                        by: if e.side == 0 { Wire::Ash } else { Wire::Walnut },
                        timeout: e.timeout,
                    },
                    to_move: Some(Wire::Ash),
                    time_left_ms: Some(38_000),
                    chess: Some(now_at(&step.after)),
                },
                &timing,
            );
            // Each action lands at once (no roll, no travel) before the next is heard.
            let _ = t.tick(60.0, &timing);
        }
    }
    if let Some(o) = t.host.as_mut() {
        o.staged = true;
        o.link = crate::net::client::Link::Connected;
        o.countdown = Some(38.0);
    }
}

/// Stages the scenes on the menu's tool pages (they are not the table's): the Verify page with
/// the scenes' record, one die changed.
pub(super) fn stage_tools(
    mut requests: MessageReader<StageScene>,
    verify: Option<ResMut<crate::app::hive::ui::verify::VerifyPage>>,
) {
    let requests = requests.read().map(|s| (s.game, &s.name));
    if scene_asked(crate::rules::GameKind::Chess, requests).as_deref() == Some("verify")
        && let Some(mut verify) = verify
    {
        verify.load_text(&tampered_record().0);
    }
}

/// The scenes' record with its first die changed, and the number of that line.
pub fn tampered_record() -> (String, usize) {
    let (table, g) = scene_game(40);
    let text = crate::play::chess_record::ChessRecord::from_game(&table, &g).to_text();
    let Some((n, line)) = text.lines().enumerate().find(|(_, l)| l.contains(" dice ")) else {
        return (text, 0);
    };
    let (head, dice) = line.split_once(" dice ").unwrap_or((line, "1"));
    let first: u8 = dice[..1].parse().unwrap_or(1);
    let changed = format!("{head} dice {}{}", first % 6 + 1, &dice[1..]);
    (text.replacen(line, &changed, 1), n + 1)
}

/// A game in the middle: white (the person) holds five cards, black four; each has played one.
const HAND: &str = "r1b1k1nr/pp3ppp/8/3p4/4P3/2N5/PPP2PPP/R1B1K2R w KQkq - 0 9 d5 - - 1/1 \
    teleport,knights-leap,balm,shield,scouting/seize,restriction,fury,cancel trophy/statue \
    -/- - - -/-";

/// The hand scene's game with the d5 pawn healthy, so that e4xd5 rolls dice.
const ATTACK_WITH_CARDS: &str = "r1b1k1nr/pp3ppp/8/3p4/4P3/2N5/PPP2PPP/R1B1K2R w KQkq - 0 9 - \
    - - 1/1 teleport,knights-leap,balm,shield,scouting/seize,restriction,fury,cancel \
    trophy/statue -/- - - -/-";

/// Black (the engine) to act, holding Restriction, and white with Cancel and Seize to answer.
const WINDOW: &str = "r1b1k1nr/pp3ppp/8/3p4/4P3/2N5/PPP2PPP/R1B1K2R b KQkq - 0 9 d5 - - 1/1 \
    cancel,seize,balm,shield/restriction,fury,heir trophy/statue -/- - - -/-";

/// Black to act with a Statue in hand; a barricade on f5, an Heir on b2, black's shield on the
/// g7 pawn, white's knight under Restriction, pawns in both reserves.
const EFFECTS: &str = "r3k1nr/pp4pp/2b5/3p4/4P3/2N5/PP3PPP/R1B1K2R b KQkq - 0 14 - b2 f5 2/3 \
    teleport,balm,shield/statue,fury trophy,heir,barricade,shield/restriction,seize \
    -/g7 - - c3/-";

/// Black to act with Explosive Ram, its rook on d5 next to a white rook, bishop and knight.
const RAM: &str = "4k3/pp3ppp/4N3/3r4/2R1B3/8/PP3PPP/4K3 b - - 0 20 - - - 0/1 \
    balm,fury/explosive-ram,shield -/- -/- - - -/-";

/// The same, white holding Cancel to answer at the start of its turn.
const RAM_CANCEL: &str = "4k3/pp3ppp/4N3/3r4/2R1B3/8/PP3PPP/4K3 b - - 0 20 - - - 0/1 \
    balm,cancel/explosive-ram,shield -/- -/- - - -/-";

/// The scenes' game: the person (white) against the engine (normal), seeded armies.
fn new_game() -> ChessGame {
    new_game_seated([Seat::Person, Seat::Bot(Level::Normal)])
}

/// The scenes' game with other seats (two people here: nobody answers by itself).
fn new_game_seated(seats: [Seat; 2]) -> ChessGame {
    let mut rng = DiceRng::new(2026);
    ChessGame::new(
        Army::engine(Colour::White, &mut rng),
        Army::engine(Colour::Black, &mut rng),
        false,
        seats,
        41,
        7,
    )
}

/// A seeded choice: an attempt half the time when there is one, else any action.
fn pick(state: &State, rng: &mut DiceRng) -> Option<Action> {
    let legal = state.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let attempts: Vec<&Action> = legal.iter().filter(|a| a.is_attempt()).collect();
    if !attempts.is_empty() && rng.below(2) == 0 {
        return Some(*attempts[rng.below(attempts.len() as u64) as usize]);
    }
    Some(legal[rng.below(legal.len() as u64) as usize])
}

/// The actions of a seeded game that reaches a position `want` accepts (white to act).
fn course_to(want: impl Fn(&State, usize) -> bool) -> Vec<Action> {
    for seed in 0..300u64 {
        let mut rng = DiceRng::new(seed);
        let mut s = new_game().state().clone();
        let mut actions = Vec::new();
        while s.end().is_none() && actions.len() < 160 {
            if s.turn() == Colour::White && want(&s, actions.len()) {
                return actions;
            }
            let Some(a) = pick(&s, &mut rng) else { break };
            let Ok((next, _)) = s.apply(&a) else { break };
            s = next;
            actions.push(a);
        }
    }
    Vec::new()
}

/// A game won by white with mate: white's actions the easy engine's, black's seeded.
fn mated() -> Vec<Action> {
    for seed in 0..60u64 {
        let mut rng = DiceRng::new(seed);
        let mut s = new_game().state().clone();
        let mut actions = Vec::new();
        while s.end().is_none() && actions.len() < 400 {
            let a = if s.turn() == Colour::White {
                crate::ai::choose(&s, Level::Easy, seed)
            } else {
                pick(&s, &mut rng)
            };
            let Some(a) = a else { break };
            let Ok((next, _)) = s.apply(&a) else { break };
            s = next;
            actions.push(a);
        }
        if matches!(
            s.end(),
            Some(End::Mate {
                winner: Colour::White
            })
        ) {
            return actions;
        }
    }
    Vec::new()
}

/// The table with `actions` played into the scenes' game.
fn stage_game(table: &mut Table, actions: &[Action]) {
    stage_game_seated(table, actions, [Seat::Person, Seat::Bot(Level::Normal)]);
}

fn stage_game_seated(table: &mut Table, actions: &[Action], seats: [Seat; 2]) {
    let mut g = new_game_seated(seats);
    for a in actions {
        if let Some(side) = g.awaited() {
            let _ = g.submit(side, *a);
        }
    }
    table.resume(g);
}

/// An attempt of white's with a healthy defender (so dice roll) that ends in `result`.
fn attempt_ending(state: &State, result: AttemptResult) -> Option<Action> {
    state.legal_actions().into_iter().find(|a| {
        matches!(a, Action::Attempt { .. })
            && state.attempt_dice(a).is_some_and(|d| d.defender > 0)
            && state.apply(a).is_ok_and(|(_, r)| r.result == Some(result))
    })
}

/// An attempt of white's by a wounded piece (one die) on a healthy defender.
fn one_die_attempt(state: &State) -> Option<Action> {
    state.legal_actions().into_iter().find(|a| {
        matches!(a, Action::Attempt { .. })
            && state
                .attempt_dice(a)
                .is_some_and(|d| d.attacker == 1 && d.defender > 0)
    })
}

fn wounded_on_board(s: &State) -> bool {
    s.board().pieces().any(|(_, p)| p.wounded)
}

/// A game against the engine (normal) from a position string, the person white.
fn restage(table: &mut Table, position: &str) {
    restage_seated(table, position, [Seat::Person, Seat::Bot(Level::Normal)]);
}

fn restage_seated(table: &mut Table, position: &str, seats: [Seat; 2]) {
    match crate::rules::chess::parse_position(position) {
        Ok(state) => {
            let g = ChessGame::restaged(state.with_dice_seed(5), seats, 7);
            table.resume(g);
        }
        Err(e) => warn!("a staged position does not read: {e}"),
    }
}

/// The scenes of the cards: set up from a position, then played through the table.
/// Stages a scene of the cards; returns the board's last change to animate (the ram's blast,
/// Cancel's return), if the scene shows one.
fn stage_cards(t: &mut Table, name: &str) -> Option<Effect> {
    use crate::rules::chess::{Artifact, Play};
    let instant = Timing::INSTANT;
    let sq = |s: &str| Square::parse(s);
    match name {
        "cards" => {
            restage(t, HAND);
            let _ = t.handle(Intent::Card(Some(Artifact::Scouting)), 0, &instant);
        }
        "target" => {
            restage(t, HAND);
            let _ = t.handle(Intent::Card(Some(Artifact::Teleport)), 0, &instant);
            if let Some(from) = sq("c3") {
                let _ = t.handle(Intent::CardAt(from), 0, &instant);
            }
        }
        "window" => {
            restage(t, WINDOW);
            if let Some(at) = sq("c3") {
                let _ = t.play(Action::Play(Play::Restriction(at)), &Timing::PLAY);
            }
        }
        "effects" => {
            restage(t, EFFECTS);
            if let Some(at) = sq("e4") {
                let _ = t.play(Action::Play(Play::Statue(at)), &instant);
            }
        }
        "ram" | "cancel" => {
            if name == "ram" {
                restage(t, RAM);
            } else {
                // The person plays black here, so the engine does not move after the Cancel.
                restage_seated(t, RAM_CANCEL, [Seat::Bot(Level::Normal), Seat::Person]);
            }
            let mut last = None;
            let mut plays = vec![Play::ExplosiveRam(sq("d5")?)];
            if name == "cancel" {
                plays.push(Play::Cancel);
            }
            for play in plays {
                let effects = t.play(Action::Play(play), &instant).ok()?;
                last = effects
                    .into_iter()
                    .rfind(|e| matches!(e, Effect::Resolved(_)));
            }
            return last;
        }
        _ => {}
    }
    None
}

/// The wounded scene: with the cards in play (the default), between two people here so that
/// no engine answers while the result is on show, white's e4xd5 with dice that wound the
/// black pawn. Whether it could be staged.
fn stage_wounded(t: &mut Table) -> bool {
    let start = crate::rules::chess::parse_position(ATTACK_WITH_CARDS);
    let attempt = "e4xd5".parse::<Action>();
    let (Ok(start), Ok(a)) = (start, attempt) else {
        return false;
    };
    let wounds = |seed: &u64| {
        start
            .clone()
            .with_dice_seed(*seed)
            .apply(&a)
            .is_ok_and(|(_, r)| r.result == Some(AttemptResult::Wound))
    };
    let Some(seed) = (0..500u64).find(wounds) else {
        return false;
    };
    let g = ChessGame::restaged(start.with_dice_seed(seed), [Seat::Person, Seat::Person], 7);
    t.resume(g);
    t.handle(Intent::Act(a), 0, &Timing::INSTANT).is_ok()
}

/// Stages the scene named by [`StageScene`].
pub(super) fn stage(
    mut requests: MessageReader<StageScene>,
    mut table: ResMut<ChessTable>,
    mut panels: ResMut<super::ChessPanels>,
    mut happened: MessageWriter<super::ChessHappened>,
    mut frozen: Option<ResMut<crate::app::marks::FrozenBursts>>,
    board: Option<Res<super::view::Board3d>>,
    mut pending: Local<Option<super::table::Animated>>,
    (tr, mut notices): (
        Option<Res<crate::i18n::Tr>>,
        Option<ResMut<crate::app::save::Notices>>,
    ),
    (settings, mut change): (
        Option<Res<crate::app::save::ActiveSettings>>,
        MessageWriter<crate::app::save::ChangeSettings>,
    ),
) {
    // The board's change is shown once the board and its pieces are there (at once without a
    // view).
    if board.is_none_or(|b| b.root.is_some() && !b.pieces.is_empty())
        && let Some(p) = pending.take()
    {
        happened.write(crate::app::kit::Happened(super::table::Effect::Resolved(p)));
    }
    let requests = requests.read().map(|s| (s.game, &s.name));
    let Some(name) = scene_asked(crate::rules::GameKind::Chess, requests) else {
        return;
    };
    let t = &mut *table;
    let instant = Timing::INSTANT;
    *panels = super::ChessPanels::default();
    match name.as_str() {
        // The plain table scene: a game in progress, a wounded piece, the gold frame.
        // (`hint`: the same game, the hint asked by `app::learn`.)
        "" | "hint" => {
            let actions = course_to(|s, n| n >= 14 && wounded_on_board(s) && !s.in_check());
            stage_game(t, &actions);
        }
        "lobby" => {
            let actions = course_to(|_, n| n >= 10);
            let mut g = new_game();
            for a in &actions {
                if let Some(side) = g.awaited() {
                    let _ = g.submit(side, *a);
                }
            }
            *t = Table::default();
            t.offer_saved(g);
        }
        "pass" => {
            *t = Table::default();
            let _ = t.handle(Intent::Choose(Seat::Person), 0, &instant);
            let _ = t.handle(Intent::Start, 11, &instant);
            let _ = t.handle(Intent::RandomArmy, 12, &instant);
            let _ = t.handle(Intent::Ready, 13, &instant);
        }
        "army" => {
            t.stage_lobby();
            let _ = t.handle(Intent::Choose(Seat::Bot(Level::Normal)), 0, &instant);
            let _ = t.handle(Intent::Start, 11, &instant);
            let sq = |s: &str| Square::parse(s);
            // 13 points: 2 left, so a bishop fits nowhere and is refused with why.
            for (role, at) in [
                (Role::Rook, "a1"),
                (Role::Knight, "b1"),
                (Role::Bishop, "c1"),
                (Role::Pawn, "d2"),
                (Role::Pawn, "e3"),
                (Role::Bishop, "f1"),
            ] {
                if let Some(at) = sq(at)
                    && let Err(refusal) = t.handle(Intent::Drop(role, at), 0, &instant)
                    && let (Some(tr), Some(notices)) = (tr.as_ref(), notices.as_mut())
                {
                    notices.push(super::refusal_notice(tr, &refusal));
                }
            }
            let _ = t.handle(Intent::Hold(Some(Role::Pawn)), 0, &instant);
            if let Some(b1) = sq("b1") {
                let _ = t.handle(Intent::BuildAt(b1), 0, &instant);
            }
        }
        "army-black" => {
            t.stage_lobby();
            let _ = t.handle(Intent::Choose(Seat::Bot(Level::Normal)), 0, &instant);
            let _ = t.handle(Intent::Colour(Colour::Black), 0, &instant);
            let _ = t.handle(Intent::Start, 11, &instant);
            let sq = |s: &str| Square::parse(s);
            for (role, at) in [
                (Role::Knight, "b8"),
                (Role::Bishop, "c8"),
                (Role::Pawn, "c7"),
                (Role::Pawn, "d6"),
                (Role::Rook, "h7"),
            ] {
                if let Some(at) = sq(at)
                    && let Err(refusal) = t.handle(Intent::Drop(role, at), 0, &instant)
                    && let (Some(tr), Some(notices)) = (tr.as_ref(), notices.as_mut())
                {
                    notices.push(super::refusal_notice(tr, &refusal));
                }
            }
        }
        "reveal" => {
            stage_game(t, &[]);
            // Held for the picture (a player's reveal lasts `Timing::reveal`).
            t.stage_reveal(600.0);
        }
        "attack" | "contact" | "colourblind" => {
            if name == "colourblind"
                && let Some(settings) = &settings
            {
                let mut safe = settings.0.clone();
                safe.colour_safe_marks = true;
                change.write(crate::app::save::ChangeSettings(safe));
            }
            let actions = course_to(|s, n| {
                n >= 6
                    && s.board().pieces().any(|(sq, p)| {
                        p.colour == Colour::White
                            && p.role != Role::King
                            && crate::rules::chess::piece_actions(s, sq).attempts.len() >= 2
                    })
            });
            // The contact scene is a game between two people here, so the board after an
            // attempt is the attempt's alone (no engine answers).
            if name == "contact" {
                stage_game_seated(t, &actions, [Seat::Person, Seat::Person]);
            } else {
                stage_game(t, &actions);
            }
            let s = t.state().cloned();
            if let Some(s) = s {
                let from = s
                    .board()
                    .pieces()
                    .filter(|(sq, p)| {
                        p.colour == Colour::White
                            && p.role != Role::King
                            && crate::rules::chess::piece_actions(&s, *sq).attempts.len() >= 2
                    })
                    .map(|(sq, _)| sq)
                    .next();
                if let Some(from) = from
                    && name != "contact"
                {
                    let _ = t.handle(Intent::Select(Some(from)), 0, &instant);
                }
            }
        }
        "dice" | "dice-result" => {
            let actions =
                course_to(|s, n| n >= 8 && attempt_ending(s, AttemptResult::Wound).is_some());
            stage_game(t, &actions);
            if let Some(a) = t
                .state()
                .and_then(|s| attempt_ending(s, AttemptResult::Wound))
            {
                let _ = t.handle(Intent::Act(a), 0, &Timing::PLAY);
                let at = if name == "dice" {
                    Timing::PLAY.dice * 0.42
                } else {
                    Timing::PLAY.dice + 0.3
                };
                t.freeze_roll(at);
            }
        }
        "dice-one" => {
            let actions = course_to(|s, n| n >= 8 && one_die_attempt(s).is_some());
            stage_game(t, &actions);
            if let Some(a) = t.state().and_then(one_die_attempt) {
                let _ = t.handle(Intent::Act(a), 0, &Timing::PLAY);
                t.freeze_roll(Timing::PLAY.dice + 0.3);
            } else {
                warn!("the dice-one scene found no attempt by a wounded piece");
            }
        }
        "wounded" => {
            if !stage_wounded(t) {
                warn!("the wounded scene found no attempt that wounds");
            }
        }
        "words" => {
            restage(t, HAND);
            panels.reading = true;
        }
        "history" => {
            let actions = course_to(|s, n| n >= 16 && wounded_on_board(s));
            stage_game(t, &actions);
            for _ in 0..3 {
                let _ = t.handle(Intent::View(Step::Back), 0, &instant);
            }
        }
        "verdict" => {
            let actions = mated();
            stage_game(t, &actions);
        }
        "cards" | "target" | "window" | "effects" | "ram" | "cancel" => {
            if let Some(Effect::Resolved(p)) = stage_cards(t, &name) {
                // The blast or the return, held part-way for the picture.
                if let Some(frozen) = frozen.as_mut() {
                    frozen.0 = Some(if name == "ram" { 0.22 } else { 0.55 });
                }
                *pending = Some(p);
            }
        }
        "online-building" => {
            stage_online(t, None, true);
            let _ = t.handle(Intent::RandomArmy, 19, &instant);
        }
        "online" => {
            let (_, g) = scene_game(14);
            stage_online(t, Some(&g), true);
            t.phase = super::table::Phase::Play;
        }
        "online-end" => stage_online_end(t, SCENE_SEED),
        "online-offer" => {
            let (_, g) = scene_game(14);
            stage_online(t, Some(&g), true);
            t.phase = super::table::Phase::Play;
            if let Some(o) = t.host.as_mut() {
                o.control = crate::net::protocol::TimeControl::Bank {
                    base: 300,
                    increment: 3,
                };
                // White (this seat) to act, its bank running; Rui's as it stood after its move.
                o.to_move = Some(crate::net::protocol::Side::Ash);
                o.banks = Some([187.0, 242.0]);
                o.countdown = Some(187.0);
                o.watchers = 3;
                o.offer = o.other().map(|rui| crate::net::protocol::OfferView {
                    what: crate::net::protocol::OfferKind::Draw,
                    by: rui.seat,
                });
            }
        }
        "online-spectate" => {
            let (_, g) = scene_game(14);
            stage_online_as(t, Some(&g), true, true);
            t.phase = super::table::Phase::Play;
            if let Some(o) = t.host.as_mut() {
                o.watchers = 4;
            }
        }
        // Staged on the Verify page (`stage_tools`).
        "verify" => {}
        // Learning's scenes are staged by `app::learn`.
        other if crate::app::learn::stages(other) || crate::app::replay::stages(other) => {}
        other => warn!("no staged Artifact Chess scene `{other}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spectators_table_takes_the_state_and_events_sees_no_hand_and_refuses_input() {
        let mut t = Table::default();
        let (_, g) = scene_game(14);
        stage_online_as(&mut t, Some(&g), true, true);
        let o = t.online.as_ref().expect("the online game");
        assert!(o.watching && o.committed(), "nothing to build");
        let host = t.host.as_ref().unwrap();
        assert!(host.spectating() && host.my_seat().is_none());
        assert_eq!(host.code.as_deref(), Some("K7M2QX"));
        // Every action heard is on the board: the game here is the server's.
        let game = t.game.as_ref().expect("the game");
        assert_eq!(
            game.state().to_string(),
            g.state().public_view().to_string()
        );
        assert_eq!(game.seat(Colour::White), Seat::Remote);
        assert_eq!(game.seat(Colour::Black), Seat::Remote);
        // Both hands as counts only: the cards themselves never reach a spectator.
        for c in Colour::BOTH {
            assert!(game.state().hand(c).iter().next().is_none(), "{c:?}");
            assert_eq!(t.hand_count(c), g.state().hand_size(c));
        }
        assert!(Colour::BOTH.iter().any(|c| t.hand_count(*c) > 0));
        // No input: not a move, not a card, not resigning nor an offer.
        t.phase = super::super::table::Phase::Play;
        assert!(!t.person_to_act());
        let legal = g.state().legal_actions();
        let any = legal.first().cloned().expect("an action");
        for intent in [
            Intent::Act(any),
            Intent::Resign,
            Intent::Ready,
            Intent::Ask(crate::app::kit::online::Ask::Offer(
                crate::net::protocol::OfferKind::Draw,
            )),
        ] {
            assert!(t.handle(intent, 0, &Timing::INSTANT).is_err());
        }
        assert!(t.host.as_ref().unwrap().outgoing.is_empty());
        // Leaving keeps no seat.
        assert!(t.handle(Intent::Leave, 0, &Timing::INSTANT).is_ok());
        assert!(t.host.is_none());
    }

    #[test]
    fn the_wounded_scene_shows_a_wounded_black_pawn_in_words() {
        let mut t = Table::default();
        assert!(stage_wounded(&mut t));
        let (line, report) = t.recent_attempt().expect("the result line");
        assert_eq!(line.text, "e4xd5");
        assert_eq!(report.result, AttemptResult::Wound);
        assert_eq!(
            (report.defender.colour, report.defender.role),
            (Colour::Black, Role::Pawn)
        );
        assert!(report.dice.is_some(), "the sums are shown");
        assert!(t.game.as_ref().is_some_and(|g| g.artifacts()));
        let sq = Square::parse("d5").unwrap();
        assert!(t.state().unwrap().board().get(sq).unwrap().wounded);
    }
}
