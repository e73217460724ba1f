//! Ash & Walnut's course: ten short lessons on small hand-made positions, the player always
//! ash and to move. Cells are named in the lessons' texts as the table's "All my moves" names
//! them: beside a piece ("to the right of the walnut Elder").

use super::G;
use crate::learn::{Goal, Lesson, Step};
use crate::rules::hive::board::Move;
use crate::rules::hive::hex::Hex;
use crate::rules::hive::piece::{Colour, Creature, Piece};

fn piece(name: &str) -> Piece {
    Piece::parse(name).unwrap_or_else(|| panic!("the lessons name `{name}`, not a piece"))
}

/// A hand-made position from `(q, r, "bG1 wB1")` stacks (bottom first), `ply` plies played.
fn setup(stacks: &[(i16, i16, &str)], ply: usize) -> G {
    let owned: Vec<(Hex, Vec<Piece>)> = stacks
        .iter()
        .map(|&(q, r, names)| {
            (
                Hex::new(q, r),
                names.split_whitespace().map(piece).collect(),
            )
        })
        .collect();
    let refs: Vec<(Hex, &[Piece])> = owned.iter().map(|(h, v)| (*h, &v[..])).collect();
    G::setup(&refs, ply).unwrap_or_else(|e| panic!("a lesson's position: {e}"))
}

fn place(name: &str, q: i16, r: i16) -> Move {
    Move::Place {
        piece: piece(name),
        to: Hex::new(q, r),
    }
}

/// `name` moves from where it lies in `state` to `(q, r)`.
fn shift(state: &G, name: &str, q: i16, r: i16) -> Move {
    let p = piece(name);
    Move::Shift {
        piece: p,
        from: state
            .board()
            .position(p)
            .unwrap_or_else(|| panic!("{name} is not on the table")),
        to: Hex::new(q, r),
    }
}

fn step(goal: Goal<G>, intended: Move, wrong: Option<Move>, reply: Option<Move>) -> Step<G> {
    Step {
        goal,
        intended,
        wrong,
        reply,
    }
}

/// The course, in order.
pub fn course() -> Vec<Lesson<G>> {
    vec![
        placing(),
        fourth(),
        elder(),
        owl(),
        hare(),
        fox(),
        otter(),
        group(),
        slide(),
        surround(),
    ]
}

/// A new piece touches only its own colour.
fn placing() -> Lesson<G> {
    let position = setup(
        &[(-1, 0, "wG1"), (0, 0, "wQ"), (1, 0, "bQ"), (2, 0, "bG1")],
        4,
    );
    Lesson {
        id: "place",
        steps: vec![step(
            Goal::Reach(
                |_, action, _| matches!(action, Move::Place { piece, .. } if piece.creature() == Creature::Otter),
            ),
            place("wA1", 0, -1),
            Some(place("wA1", 1, -1)),
            None,
        )],
        position,
    }
}

/// The Elder must be on the table by the fourth turn.
fn fourth() -> Lesson<G> {
    let position = setup(
        &[
            (-1, -1, "wA1"),
            (-1, 0, "wG1"),
            (0, 0, "wS1"),
            (1, 0, "bQ"),
            (2, 0, "bG1"),
            (2, -1, "bA1"),
        ],
        6,
    );
    Lesson {
        id: "fourth",
        steps: vec![step(
            Goal::Reach(
                |_, action, _| matches!(action, Move::Place { piece, .. } if *piece == Piece::elder(Colour::Ash)),
            ),
            place("wQ", -2, 0),
            Some(place("wA2", -2, 0)),
            None,
        )],
        position,
    }
}

/// The Elder: one step, sliding.
fn elder() -> Lesson<G> {
    let position = setup(
        &[(0, 0, "wQ"), (1, -1, "wA1"), (1, 0, "bQ"), (2, 0, "bG1")],
        8,
    );
    let intended = shift(&position, "wQ", 0, 1);
    let wrong = shift(&position, "wQ", 1, 1);
    Lesson {
        id: "elder",
        steps: vec![step(
            Goal::Play(vec![intended]),
            intended,
            Some(wrong),
            None,
        )],
        position,
    }
}

/// The Owl: one step, climbing onto pieces and walking across the top.
fn owl() -> Lesson<G> {
    let position = setup(
        &[
            (0, 0, "wB1"),
            (1, -1, "wQ"),
            (1, 0, "bG1"),
            (2, 0, "bQ"),
            (3, 0, "bA1"),
        ],
        10,
    );
    let climb = shift(&position, "wB1", 1, 0);
    let too_far = shift(&position, "wB1", 2, 0);
    let reply = place("bG2", 4, 0);
    let mut after = position.clone();
    after.play(climb).ok();
    after.play(reply).ok();
    let across = shift(&after, "wB1", 2, 0);
    let past = shift(&after, "wB1", 3, 0);
    Lesson {
        id: "owl",
        steps: vec![
            step(Goal::Play(vec![climb]), climb, Some(too_far), Some(reply)),
            step(Goal::Play(vec![across]), across, Some(past), None),
        ],
        position,
    }
}

/// The Hare: a straight jump over pieces to the first empty cell.
fn hare() -> Lesson<G> {
    let position = setup(
        &[(-1, 0, "wG1"), (0, 0, "wQ"), (1, 0, "bA1"), (2, 0, "bQ")],
        10,
    );
    let intended = shift(&position, "wG1", 3, 0);
    let wrong = shift(&position, "wG1", 0, -1);
    Lesson {
        id: "hare",
        steps: vec![step(
            Goal::Play(vec![intended]),
            intended,
            Some(wrong),
            None,
        )],
        position,
    }
}

/// The Fox: exactly three sliding steps.
fn fox() -> Lesson<G> {
    let position = setup(
        &[(-1, 0, "wS1"), (0, 0, "wQ"), (1, 0, "bQ"), (2, 0, "bA1")],
        10,
    );
    let intended = shift(&position, "wS1", 1, 1);
    let wrong = shift(&position, "wS1", 1, -1);
    Lesson {
        id: "fox",
        steps: vec![step(
            Goal::Play(vec![intended]),
            intended,
            Some(wrong),
            None,
        )],
        position,
    }
}

/// The Otter: any number of sliding steps around the group.
fn otter() -> Lesson<G> {
    let position = setup(
        &[(-1, 0, "wA1"), (0, 0, "wQ"), (1, 0, "bQ"), (2, 0, "bG1")],
        10,
    );
    let intended = shift(&position, "wA1", 3, 0);
    let wrong = shift(&position, "wA1", 4, 0);
    Lesson {
        id: "otter",
        steps: vec![step(
            Goal::Play(vec![intended]),
            intended,
            Some(wrong),
            None,
        )],
        position,
    }
}

/// One group: a piece that holds the group together cannot move.
fn group() -> Lesson<G> {
    let position = setup(
        &[
            (-1, 0, "wG1"),
            (0, 0, "wQ"),
            (1, 0, "wA1"),
            (2, 0, "bQ"),
            (3, 0, "bA1"),
        ],
        12,
    );
    let intended = shift(&position, "wG1", 4, 0);
    let wrong = shift(&position, "wA1", 4, 0);
    Lesson {
        id: "group",
        steps: vec![step(
            Goal::Play(vec![intended]),
            intended,
            Some(wrong),
            None,
        )],
        position,
    }
}

/// Room to slide: a gap between two pieces is too narrow to pass (the gate).
fn slide() -> Lesson<G> {
    let position = setup(
        &[
            (0, -1, "wB1"),
            (-1, 0, "bQ"),
            (-1, 1, "bG1"),
            (0, 1, "wG1"),
            (1, 0, "wQ"),
            (2, -1, "wA1"),
        ],
        12,
    );
    let intended = shift(&position, "wA1", -2, 0);
    let wrong = shift(&position, "wA1", 0, 0);
    Lesson {
        id: "slide",
        steps: vec![step(
            Goal::Play(vec![intended]),
            intended,
            Some(wrong),
            None,
        )],
        position,
    }
}

/// Surround the other Elder to win.
fn surround() -> Lesson<G> {
    let position = setup(
        &[
            (0, 0, "bQ"),
            (1, 0, "wG1"),
            (0, 1, "bG1"),
            (-1, 1, "wS1"),
            (-1, 0, "bA1"),
            (2, 0, "wQ"),
            (3, 0, "wA1"),
            (2, -1, "wB1"),
        ],
        16,
    );
    let fifth = shift(&position, "wA1", 0, -1);
    let reply = place("bG2", -2, 0);
    let mut after = position.clone();
    after.play(fifth).ok();
    after.play(reply).ok();
    let sixth = shift(&after, "wB1", 1, -1);
    Lesson {
        id: "surround",
        steps: vec![
            step(
                Goal::Play(vec![fifth]),
                fifth,
                Some(place("wA2", 0, -1)),
                Some(reply),
            ),
            step(
                Goal::Reach(|before, _, after| {
                    after.outcome() == Some(crate::rules::hive::Outcome::Win(before.to_move()))
                }),
                sixth,
                Some(place("wA2", 1, -1)),
                None,
            ),
        ],
        position,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::english;
    use crate::rules::Game;
    use crate::rules::hive::words::describe;

    /// Draws a position as rows of cells (for working on the lessons).
    fn draw(state: &G) -> String {
        let tops: Vec<(Piece, Hex)> = state.board().tops().collect();
        let (qs, rs): (Vec<i16>, Vec<i16>) = tops.iter().map(|(_, h)| (h.q, h.r)).unzip();
        let (r0, r1) = (rs.iter().min().unwrap() - 1, rs.iter().max().unwrap() + 1);
        let (q0, q1) = (qs.iter().min().unwrap() - 3, qs.iter().max().unwrap() + 2);
        let mut out = String::new();
        for r in r0..=r1 {
            out.push_str(&" ".repeat((r - r0) as usize * 3));
            for q in q0..=q1 {
                let h = Hex::new(q, r);
                let cell = match state.board().top(h) {
                    Some(p) => format!("{:<3}", p.notation()),
                    None => format!("{:<3}", "."),
                };
                out.push_str(&format!("{cell}   "));
            }
            out.push_str(&format!("   r={r}\n"));
        }
        out
    }

    #[test]
    #[ignore]
    fn show_the_lessons() {
        for lesson in course() {
            let mut state = lesson.position.clone();
            println!("== {}", lesson.id);
            for s in &lesson.steps {
                println!("{}", draw(&state));
                println!(
                    "intended: {}  ({})",
                    english(&describe(state.board(), s.intended)),
                    state.action_text(&s.intended)
                );
                if let Some(w) = s.wrong {
                    println!(
                        "wrong: {} -> {:?}",
                        english(&describe(state.board(), w)),
                        state
                            .check(&w)
                            .err()
                            .map(|e| english(&crate::i18n::Explain::explain(&e)))
                    );
                }
                state.play(s.intended).ok();
                if let Some(r) = s.reply {
                    println!("reply: {}", english(&describe(state.board(), r)));
                    state.play(r).ok();
                }
            }
            println!("{}", draw(&state));
            println!("flaws: {:?}", crate::learn::lesson::flaws(&lesson));
        }
    }
}
