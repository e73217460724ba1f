//! Snēlab's course: eleven small positions on the default 7 × 7 court, South (the player) to
//! move in each. The routes of the four ranks, nothing jumps, the Bench, a side with no legal
//! move, a capture and its exact payment, the capturer that cannot pay for itself, a capture
//! that cannot be paid, and the appeal (a backward capture).
//!
//! Every position is written as a court string (`notation`), every action in the game's own
//! notation, so a lesson reads like the table shows it.

use super::G;
use crate::learn::{Goal, Lesson, Step};
use crate::rules::Game;
use crate::rules::snelab::{Action, Side};

/// The course, in order.
pub fn course() -> Vec<Lesson<G>> {
    vec![
        bailiff(),
        advocate(),
        barrister(),
        justice(),
        blocked(),
        bench(),
        nomove(),
        payment(),
        capturer(),
        cantpay(),
        appeal(),
    ]
}

fn position(text: &str) -> G {
    G::parse_position(text).unwrap_or_else(|e| panic!("lesson position {text}: {e}"))
}

fn action(text: &str) -> Action {
    text.parse()
        .unwrap_or_else(|e| panic!("lesson action {text}: {e}"))
}

/// A step that asks for exactly `intended`.
fn play(intended: &str, wrong: &str, reply: Option<&str>) -> Step<G> {
    let intended = action(intended);
    Step {
        goal: Goal::Play(vec![intended]),
        intended,
        wrong: Some(action(wrong)),
        reply: reply.map(action),
    }
}

/// South wins with the action (a piece on its Bench, or North left without a legal move).
fn south_wins(_before: &G, _action: &Action, after: &G) -> bool {
    after.outcome().is_some_and(|v| v.winner == Side::South)
}

/// A step that asks South to win at once, any way it can.
fn win(intended: &str, wrong: &str) -> Step<G> {
    Step {
        goal: Goal::Reach(south_wins),
        intended: action(intended),
        wrong: Some(action(wrong)),
        reply: None,
    }
}

/// The Bailiff: one square straight forward, never more.
fn bailiff() -> Lesson<G> {
    Lesson {
        id: "bailiff",
        position: position("6b/7/7/7/7/2B4/7 S +a"),
        steps: vec![
            play("c2-c3", "c2-c4", Some("g7-g6")),
            play("c3-c4", "c3-d4", None),
        ],
    }
}

/// The Advocate: one forward, then one sideways, either way; it cannot stop early.
fn advocate() -> Lesson<G> {
    Lesson {
        id: "advocate",
        position: position("6b/7/7/7/7/2A4/B6 S +a"),
        steps: vec![
            play("c2-d3", "c2-c3", Some("g7-g6")),
            play("d3-c4", "d3-d4", None),
        ],
    }
}

/// The Barrister: one forward, then two sideways, all of it the same way.
fn barrister() -> Lesson<G> {
    Lesson {
        id: "barrister",
        position: position("6b/7/7/7/7/3R3/B6 S +a"),
        steps: vec![
            play("d2-f3", "d2-e3", Some("g7-g6")),
            play("f3-d4", "f3-f4", None),
        ],
    }
}

/// The Justice: two forward, then two sideways.
fn justice() -> Lesson<G> {
    Lesson {
        id: "justice",
        position: position("6b/7/7/7/7/7/B2J3 S +a"),
        steps: vec![
            play("d1-b3", "d1-d3", Some("g7-g6")),
            play("b3-d5", "b3-b5", None),
        ],
    }
}

/// Nothing jumps: the Barrister's way to the right is blocked at e4, so it goes left.
fn blocked() -> Lesson<G> {
    Lesson {
        id: "blocked",
        position: position("3j3/7/7/4b2/3R3/7/B6 S +a"),
        steps: vec![play("d3-b4", "d3-f4", None)],
    }
}

/// The Bench: bring the Bailiff up, then land it on rank 7.
fn bench() -> Lesson<G> {
    Lesson {
        id: "bench",
        position: position("j6/7/4B2/7/7/7/A6 S +a"),
        steps: vec![play("e5-e6", "e5-e7", Some("a7-c5")), win("e6-e7", "e6-d7")],
    }
}

/// A side with no legal move loses: block North's last Bailiff, which cannot pay to capture.
fn nomove() -> Lesson<G> {
    Lesson {
        id: "nomove",
        position: position("7/7/3b3/7/3B3/7/6J S +a"),
        steps: vec![win("d3-d4", "d3-d5")],
    }
}

/// A capture and its exact payment: the Barrister (3) on d2 is paid with the Bailiff on a1 and
/// the Advocate on g1 (1 + 2), not with the Justice (4).
fn payment() -> Lesson<G> {
    Lesson {
        id: "payment",
        position: position("3j3/7/7/3J3/7/3r3/B1A3A S +a"),
        steps: vec![play("c1xd2=a1+g1", "c1xd2=d4", None)],
    }
}

/// The capturing piece cannot pay for itself: the Advocate on d4 takes the Advocate on e5 and
/// the Advocate on a1 pays.
fn capturer() -> Lesson<G> {
    Lesson {
        id: "capturer",
        position: position("3j3/7/4a2/3A3/7/7/A5B S +a"),
        steps: vec![play("d4xe5=a1", "d4xe5=d4", None)],
    }
}

/// A capture that cannot be paid is no move: the Justice (4) on b4 costs more than the two
/// Bailiffs (2); the Advocate on d4 can be paid for.
fn cantpay() -> Lesson<G> {
    Lesson {
        id: "cantpay",
        position: position("7/7/7/1j1a3/2A4/7/B5B S +a"),
        steps: vec![play("c3xd4=a1+g1", "c3xb4=a1+g1", None)],
    }
}

/// The appeal: the Advocate on c3 runs its route backward (c2, then d2) to take the Bailiff on
/// d2 before it reaches South's Counter. A piece never goes backward to an empty square.
fn appeal() -> Lesson<G> {
    Lesson {
        id: "appeal",
        position: position("3j3/7/7/7/2A4/3b3/6B S +a"),
        steps: vec![play("c3xd2=g1", "c3-b2", None)],
    }
}
