//! The staged scenes (`--scene snelab-…`): a case set up at a telling moment, played through the
//! same intents a person would send. The visual regression set renders each of them.

use super::table::{CoinShow, Intent, Table, Timing};
use super::{SnelabIntent, SnelabTable};
use crate::ai::Level;
use crate::app::dev::StageScene;
use crate::app::kit::scene_asked;
use crate::app::kit::{Intended, StagedScene};
use crate::play::Seat;
use crate::play::snelab::{Coin, Stakes};
use crate::rules::snelab::{Position, Square, legal_actions};
use bevy::prelude::*;

pub const SCENES: &[StagedScene] = &[
    StagedScene {
        name: "highlights",
        about: "Snēlab: a piece selected with dots, a red ring and a can't-pay badge",
        tool: None,
    },
    StagedScene {
        name: "words",
        about: "Snēlab: All my moves, the court in words and every action with its payment",
        tool: None,
    },
    StagedScene {
        name: "blocked",
        about: "Snēlab: a lifted Justice that cannot move, the square in its way hatched and the reason in words",
        tool: None,
    },
    StagedScene {
        name: "payment",
        about: "Snēlab: a payment being picked, one payer ticked, faded pieces",
        tool: None,
    },
    StagedScene {
        name: "payment-near",
        about: "Snēlab: paying for the piece straight ahead, the target named behind it, clear of the lifted attacker",
        tool: None,
    },
    StagedScene {
        name: "capture",
        about: "Snēlab: a case between two people here, South to move with captures to pay for",
        tool: None,
    },
    StagedScene {
        name: "leaving",
        about: "Snēlab: a capture played, the captured piece knocked off and the payers sinking, held mid-way",
        tool: None,
    },
    StagedScene {
        name: "ghost",
        about: "Snēlab: right after a move, the ghost and the glow",
        tool: None,
    },
    StagedScene {
        name: "verdict",
        about: "Snēlab: the verdict banner after a casino win (+10 of the 22 collected)",
        tool: None,
    },
    StagedScene {
        name: "verdict-loss",
        about: "Snēlab: the verdict banner after a casino loss (−12)",
        tool: None,
    },
    StagedScene {
        name: "verdict-street",
        about: "Snēlab: the verdict banner after a street win (+12, all 24 taken)",
        tool: None,
    },
    StagedScene {
        name: "rank",
        about: "Snēlab: a piece lifted by the keys and a target in focus, both named",
        tool: None,
    },
    StagedScene {
        name: "resign",
        about: "Snēlab: \"Resign this case?\" over a case in progress",
        tool: None,
    },
    StagedScene {
        name: "coin",
        about: "Snēlab: the coin flip that decides who opens the first case",
        tool: None,
    },
    StagedScene {
        name: "online",
        about: "Snēlab online: a case in progress against Rui at the server, the link and the table's code on show, the server's clock in the bar",
        tool: None,
    },
    StagedScene {
        name: "online-north",
        about: "Snēlab online: the same case seen by Rui, who drew North: the court turned, his Counter near",
        tool: None,
    },
    StagedScene {
        name: "online-verdict",
        about: "Snēlab online: Rui resigned; the verdict with the seed revealed and the server's record verified here",
        tool: None,
    },
    StagedScene {
        name: "books",
        about: "Snēlab: the casino's books open over the lobby, three cases",
        tool: None,
    },
];

/// The online scenes' secret seed (a picture must not change from run to run).
const SCENE_SEED: crate::fair::Seed = crate::fair::Seed([7; 32]);

/// Six actions of a case between two greedy players, from the start with the appeal rule on.
fn online_moves() -> Vec<String> {
    let mut pos = crate::play::snelab::record::start(true);
    let mut moves = Vec::new();
    for i in 0..6 {
        let Some(a) = crate::ai::snelab::greedy(&pos, i) else {
            break;
        };
        moves.push(a.to_string());
        pos = crate::rules::snelab::apply_unchecked(&pos, &a);
    }
    moves
}

/// An online case at the server: this device (Ana) is the seat the seed gives South, Rui the
/// other; six actions played, South to move with 38 s left.
/// A case against Rui at the server, this device at South's seat (Ana), or at North's
/// (`as_north`: this device is Rui).
fn stage_online(t: &mut Table, as_north: bool) {
    use crate::net::client::{Heard, Request};
    use crate::net::protocol::{
        GameView, Phase as NetPhase, PlayedView, SeatId, SeatKind, SeatView, Side as Wire,
        Stakes as WireStakes, TableView,
    };
    let south: SeatId = crate::fair::ash_seat(&SCENE_SEED).into();
    let mine = if as_north { south.other() } else { south };
    t.go_online(
        Request::Join {
            code: "K7M2QX".into(),
            name: if as_north { "Rui" } else { "Ana" }.into(),
        },
        "ws://staged".into(),
    );
    let timing = Timing::INSTANT;
    t.heard(
        Heard::Seated {
            code: "K7M2QX".into(),
            seat: mine,
            token: String::new(),
        },
        &timing,
        1_795_000_000,
    );
    let moves: Vec<PlayedView> = online_moves()
        .into_iter()
        .enumerate()
        .map(|(i, action)| PlayedView {
            seq: i as u64 + 1,
            action,
            by: if i % 2 == 0 { Wire::Ash } else { Wire::Walnut },
            timeout: false,
        })
        .collect();
    let seat = |seat: SeatId, name: &str, colour| SeatView {
        seat,
        kind: SeatKind::Human,
        level: None,
        name: name.into(),
        connected: true,
        you: seat == mine,
        colour: Some(colour),
        fingerprint: None,
        key: None,
        rating: None,
    };
    let mut seats = [
        seat(south, "Ana", Wire::Ash),
        seat(south.other(), "Rui", Wire::Walnut),
    ];
    seats.sort_by_key(|s| s.seat.index());
    let view = TableView {
        code: "K7M2QX".into(),
        phase: NetPhase::Playing,
        seq: moves.len() as u64,
        you: Some(mine),
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
        ash: Some(south),
        game: GameView::Snelab {
            moves,
            stakes: WireStakes::Casino,
            appeal: true,
        },
        outcome: None,
        seed: None,
        chain: None,
        rated: false,
    };
    t.heard(Heard::Table(Box::new(view)), &timing, 1_795_000_000);
    if let Some(o) = t.host.as_mut() {
        o.staged = true;
        o.link = crate::net::client::Link::Connected;
        o.countdown = Some(38.0);
    }
}

fn sq(name: &str) -> Square {
    name.parse().unwrap_or(Square::new(0, 0))
}

/// Sits down (against a second person, so no bot answers; the coin, if due, shown landed at
/// once) in `court`, then sends `intents`.
fn case(table: &mut Table, timing: &Timing, court: &str, intents: &[Intent]) {
    case_against(table, timing, Seat::Person, court, intents);
}

/// As [`case`], against `who` (the whole scene is staged within one system, so a bot seat never
/// gets to think).
fn case_against(table: &mut Table, timing: &Timing, who: Seat, court: &str, intents: &[Intent]) {
    table.setup.opponent = who;
    let _ = table.handle(Intent::Sit, Coin::Heads, 1, 0, &Timing::INSTANT);
    if let Ok(pos) = court.parse::<Position>() {
        table.restage(pos);
    }
    for i in intents {
        if let Err(r) = table.handle(*i, Coin::Heads, 1, 0, timing) {
            warn!("staging {i:?}: {r:?}");
        }
    }
}

/// Stages the scene named by [`StageScene`] on the open table.
pub(super) fn stage(
    mut requests: MessageReader<StageScene>,
    mut table: ResMut<SnelabTable>,
    timing: Res<Timing>,
    mut intents: MessageWriter<SnelabIntent>,
    panels: Option<ResMut<super::ui::SnelabPanels>>,
    mut frozen: Option<ResMut<crate::app::marks::FrozenBursts>>,
    court: Option<Res<super::view::Court3d>>,
    mut pending: Local<Option<Vec<Intent>>>,
) {
    // Intents the scene plays at the table, sent once the court's pieces stand (at once
    // without a view), so the table animates them.
    if court
        .as_ref()
        .is_none_or(|c| c.root.is_some() && !c.pieces.is_empty())
        && let Some(i) = pending.take()
    {
        intents.write_batch(i.into_iter().map(Intended));
    }
    let timing = &*timing;
    let requests = requests.read().map(|s| (s.game, &s.name));
    let Some(name) = scene_asked(crate::rules::GameKind::Snelab, requests) else {
        return;
    };
    // The plain table scene is the lobby as it is.
    if name.is_empty() {
        return;
    }
    let t = &mut *table;
    match name.as_str() {
        // A case against the engine, South to move: `app::learn` asks the hint.
        "hint" => case_against(
            t,
            timing,
            Seat::Bot(crate::ai::Level::Normal),
            "b1r3b/5j1/7/3J3/7/5a1/A5B S +a",
            &[],
        ),
        // The Justice on d4: b6 is open (a dot), the Advocate on f2 can be taken backward and
        // paid with the Advocate on a1 (a red ring), the Justice on f6 costs 4 and the other
        // pieces only add up to 3 (can't pay).
        "highlights" => case(
            t,
            timing,
            "b1r3b/5j1/7/3J3/7/5a1/A5B S +a",
            &[Intent::Select(sq("d4"))],
        ),
        // The highlights' case read in words: All my moves open.
        "words" => {
            case(t, timing, "b1r3b/5j1/7/3J3/7/5a1/A5B S +a", &[]);
            if let Some(mut p) = panels {
                p.reading = true;
            }
        }
        // Against the engine, South opened d1-f3 and North answered d7-f5: South's Justice,
        // lifted, cannot move (one way runs off the court, the other is blocked at f5).
        "blocked" => case_against(
            t,
            timing,
            Seat::Bot(Level::Normal),
            "bar1rab/7/5j1/7/5J1/7/BAR1RAB S +a",
            &[Intent::Select(sq("f3"))],
        ),
        // The Justice on d4 takes the Barrister on f6 (3); the Bailiff on a1 is ticked, the
        // Advocates can complete it, the Barristers and the other Bailiff are faded.
        "payment" => {
            case(
                t,
                timing,
                "barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a",
                &[
                    Intent::Select(sq("d4")),
                    Intent::Target(sq("f6")),
                    Intent::Pay(sq("a1")),
                ],
            );
        }
        // South's Bailiff on d4 pays to take the Advocate straight ahead on d5 (cost 2). The
        // keys' focus rests on the target, so it is named: its name goes behind it, since in
        // front it would cover the lifted Bailiff.
        "payment-near" => {
            case(
                t,
                timing,
                "b1rjrab/7/3a3/3B3/7/7/BARJRA1 S +a",
                &[Intent::Select(sq("d4")), Intent::Target(sq("d5"))],
            );
            t.keys_shown = true;
            t.focus = Some(sq("d5"));
        }
        // The payment scene's court with nothing lifted yet: the Justice on d4 can take the
        // Barrister on f6 (3), paid with the Bailiff on a1 and the Advocate on b1 (the browser
        // test plays it with clicks).
        "capture" => case(t, timing, "barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a", &[]),
        // The Justice on d4 takes the Barrister on f6, paid with the Bailiff on a1 and the
        // Advocate on b1 (the last payer and the confirmation sent as messages once the pieces
        // stand, so the table animates the capture); the leaving pieces and their bursts are
        // held part-way, whatever the frame rate.
        "leaving" => {
            case(
                t,
                timing,
                "barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a",
                &[
                    Intent::Select(sq("d4")),
                    Intent::Target(sq("f6")),
                    Intent::Pay(sq("a1")),
                ],
            );
            *pending = Some(vec![Intent::Pay(sq("b1")), Intent::Confirm]);
            if let Some(f) = frozen.as_mut() {
                f.0 = Some(0.36);
            }
        }
        // South's Justice is lifted on d1; the move to f3 is sent as a message, so the picture
        // shows the move as played and animated at the table.
        "ghost" => {
            case(
                t,
                timing,
                "barjrab/7/7/7/7/7/BARJRAB S +a",
                &[Intent::Select(sq("d1"))],
            );
            intents.write(Intended(Intent::Target(sq("f3"))));
        }
        // The coin has landed (its clock is held long, so the picture waits for it).
        "coin" => {
            let _ = t.handle(Intent::Sit, Coin::Tails, 1, 0, &Timing::INSTANT);
            t.coin = Some(CoinShow {
                coin: Coin::Tails,
                left: 200.0,
                total: 1000.0,
            });
        }
        // Three cases at the casino table, then back in the lobby with the books open: lost
        // to a second person, won against the hard engine with the appeal rule off, and
        // resigned against the easy one.
        "books" => {
            let cases = [
                (Seat::Person, true, "7/7/7/7/7/3b3/B6 N +a", false),
                (
                    Seat::Bot(Level::Hard),
                    false,
                    "7/2B4/7/7/7/b6/7 S -a",
                    false,
                ),
                (
                    Seat::Bot(Level::Easy),
                    true,
                    "barjrab/7/7/7/7/7/BARJRAB S +a",
                    true,
                ),
            ];
            for (i, (who, backward, court, resign)) in cases.into_iter().enumerate() {
                t.setup.backward = backward;
                case_against(t, timing, who, court, &[]);
                let now = 1_795_000_000 + 3_600 * i as u64;
                // Played and settled at once: a piece still travelling would keep the next
                // case's first move (or the resignation) waiting.
                if resign {
                    if let Err(r) = t.handle(Intent::Resign, Coin::Heads, 1, now, &Timing::INSTANT)
                    {
                        warn!("staging the resignation: {r:?}");
                    }
                } else {
                    let pos = t.pos();
                    let first = pos.pieces().find(|(_, p)| p.side == pos.to_move());
                    if let Some((from, _)) = first
                        && let Some(a) = legal_actions(&pos).into_iter().find(|a| a.from() == from)
                    {
                        let _ = t.play(a, now, &Timing::INSTANT);
                    }
                }
                let _ = t.handle(Intent::NextCase, Coin::Heads, 1, 0, &Timing::INSTANT);
            }
            t.setup.opponent = Seat::Bot(Level::Normal);
            t.setup.backward = true;
            if let Some(mut p) = panels {
                p.books = true;
            }
        }
        // At the casino, North's Bailiff steps onto South's Counter: a loss.
        "verdict-loss" => case(
            t,
            timing,
            "1a1jrab/7/2r4/1R5/3J1A1/2b4/BA2R1B N +a",
            &[Intent::Select(sq("c2")), Intent::Target(sq("c1"))],
        ),
        // At the street table, South's Bailiff reaches its Bench: all 24 taken.
        "verdict-street" => {
            t.setup.stakes = Stakes::Street;
            case(
                t,
                timing,
                "ba1jrab/2B4/7/3r3/7/2A4/BA1JR1B S +a",
                &[Intent::Select(sq("c6")), Intent::Target(sq("c7"))],
            );
        }
        // The keys lifted South's Justice on d4 (Tab) and an arrow put the focus on the
        // Barrister it can take on f6: both are named, the focus ring on f6.
        "rank" => {
            case(
                t,
                timing,
                "barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a",
                &[Intent::Select(sq("d4"))],
            );
            t.keys_shown = true;
            t.focus = Some(sq("f6"));
        }
        // Mid-case, South to move, and R pressed: the question.
        "resign" => case(
            t,
            timing,
            "b1rj1ab/2a1r2/7/3J3/1A5/7/B1R1RAB S +a",
            &[Intent::AskResign],
        ),
        // A Bailiff steps onto North's Counter, South's Bench, at the casino table.
        "verdict" => case(
            t,
            timing,
            "ba1jrab/2B4/7/3r3/7/2A4/BA1JR1B S +a",
            &[Intent::Select(sq("c6")), Intent::Target(sq("c7"))],
        ),
        "online" => stage_online(t, false),
        "online-north" => stage_online(t, true),
        // Rui (North) resigned at the server: the stake won, the seed revealed and the
        // server's record checked here.
        "online-verdict" => {
            use crate::net::protocol::{EndReason, Outcome, Side as Wire};
            use crate::play::snelab::record::{CaseEntry, CaseRecord, CaseResult};
            stage_online(t, false);
            let record = CaseRecord {
                fingerprint: SCENE_SEED.fingerprint(),
                seed: SCENE_SEED,
                seats: ["Ana (Remote player)".into(), "Rui (Remote player)".into()],
                south: crate::fair::ash_seat(&SCENE_SEED),
                stakes: Stakes::Casino,
                appeal: true,
                entries: online_moves()
                    .into_iter()
                    .map(|text| CaseEntry::Move {
                        text,
                        timeout: false,
                    })
                    .chain([CaseEntry::Resign(crate::rules::snelab::Side::North)])
                    .collect(),
                result: CaseResult::Win(crate::rules::snelab::Side::South),
            };
            t.heard(
                crate::net::client::Heard::Ended {
                    outcome: Outcome {
                        winner: Some(Wire::Ash),
                        reason: EndReason::Resigned,
                    },
                    seed: SCENE_SEED.to_hex(),
                    record: record.to_text(),
                    ratings: None,
                },
                &Timing::INSTANT,
                1_795_000_100,
            );
        }
        // Learning's scenes are staged by `app::learn`.
        other if crate::app::learn::stages(other) || crate::app::replay::stages(other) => {}
        other => warn!("no staged Snēlab scene `{other}`"),
    }
}
