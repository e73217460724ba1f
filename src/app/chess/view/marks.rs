//! The marks on the squares, rebuilt whenever what they show changes: green dots for moves,
//! red rings for attempts, green rings for heals, a white ring under the selected piece, the
//! gold frame on the last piece that moved or acted, a red glow under a king in check, the
//! keyboard's focus, a card's squares, the lasting hatches, shields and Restrictions; while
//! the dice roll, the attacker's and the defender's rings; and while building the squares the
//! piece in hand may stand on, a white ring on the piece picked to take off and a red ring on
//! each piece that breaks a rule.

use super::{Board3d, ChessMark, Palette, square_pos};
use crate::app::chess::ChessTable;
use crate::app::chess::table::{Focus, Phase, Table};
use crate::app::kit::view::Marks;
use crate::app::marks::{MarkMaterial, flat_mark};
use crate::play::chess::Draft;
use crate::rules::chess::{ArmyError, Colour, Role, Square};
use bevy::prelude::*;

/// What the marks show, so they are rebuilt only when it changes.
#[derive(Clone, PartialEq, Debug)]
pub(super) struct MarksKey {
    phase: Phase,
    selected: Option<Square>,
    focus: Option<Focus>,
    frame: Option<Square>,
    check: Option<Square>,
    build: Option<(Option<Role>, Draft, Option<Square>)>,
    showing: bool,
    plies: usize,
    viewing: Option<usize>,
    card: Option<(Vec<Square>, Vec<Square>)>,
    /// Impassable squares, shields and Restrictions on show.
    lasting: (u64, [Option<Square>; 2], [Option<Square>; 2]),
    /// A replay's better action, while its position is on show.
    suggested: Option<crate::rules::chess::Action>,
}

pub(super) fn update_marks(
    table: Res<ChessTable>,
    mut board: ResMut<Board3d>,
    mut marks: Marks<ChessMark>,
    palette: Res<Palette>,
) {
    let Some(root) = board.root else {
        return;
    };
    let t: &Table = &table;
    let check = t
        .shown()
        .filter(|s| s.in_check() && !matches!(t.phase, Phase::Build(_)))
        .and_then(|s| s.board().king(s.turn()));
    let key = MarksKey {
        phase: match t.phase {
            Phase::Reveal { .. } => Phase::Reveal { left: 0.0 },
            p => p,
        },
        selected: t.selected.as_ref().map(|(s, _)| *s),
        focus: t.focus,
        frame: t.gold_frame(),
        check,
        build: t.draft().map(|d| (t.held, d.clone(), t.build_pick)),
        showing: t.busy <= 0.0 && t.roll.is_none(),
        plies: t.plies(),
        viewing: t.viewing,
        card: t.card.as_ref().map(|c| (c.path.clone(), c.next_squares())),
        suggested: t
            .suggested
            .filter(|(at, _)| t.replay.is_some() && t.viewing == Some(*at))
            .map(|(_, a)| a),
        lasting: t.shown().map_or((0, [None; 2], [None; 2]), |s| {
            (
                s.board().impassable().0,
                [s.shield(Colour::White), s.shield(Colour::Black)],
                [s.restricted(Colour::White), s.restricted(Colour::Black)],
            )
        }),
    };
    if !marks.changed(&mut board.marks_key, &key) {
        return;
    }
    if let Some(roll) = t.roll.as_ref().filter(|_| !key.showing) {
        // During the roll: the attacker's white ring and the defender's red one.
        let a = roll.played.record.action;
        marks.commands.entity(root).with_children(|p| {
            for (sq, m) in [(a.from(), &palette.white), (a.to(), &palette.attack)] {
                if let Some(sq) = sq {
                    p.spawn((
                        ChessMark,
                        flat_mark(&marks.quad, m.clone(), square_pos(sq), 1.02),
                    ));
                }
            }
        });
        return;
    }
    if !key.showing {
        return;
    }
    marks.commands.entity(root).with_children(|p| {
        let mut mark = |m: &Handle<MarkMaterial>, sq: Square, size: f32| {
            p.spawn((
                ChessMark,
                flat_mark(&marks.quad, m.clone(), square_pos(sq), size),
            ));
        };
        if let Some(d) = t.draft() {
            // A dot only where the piece in hand breaks no rule: none at 0 points left.
            for sq in t.build_dots() {
                mark(&palette.dot, sq, 0.5);
            }
            if let Some(sq) = t.build_pick {
                mark(&palette.white, sq, 0.95);
            }
            for problem in d.problems() {
                for sq in broken_squares(&problem) {
                    mark(&palette.broken, sq, 0.98);
                }
            }
            if let Some(Focus::Build(sq)) = t.focus {
                mark(&palette.focus, sq, 1.0);
            }
            return;
        }
        for sq in crate::rules::chess::SquareSet(key.lasting.0).iter() {
            mark(&palette.hatch, sq, 1.0);
        }
        for sq in key.lasting.1.iter().flatten() {
            mark(&palette.shield, *sq, 1.1);
        }
        for sq in key.lasting.2.iter().flatten() {
            mark(&palette.restricted, *sq, 0.96);
        }
        if let Some(sq) = key.frame {
            mark(&palette.gold, sq, 1.0);
        }
        if let Some((path, next)) = &key.card {
            for sq in path {
                mark(&palette.white, *sq, 0.95);
            }
            for sq in next {
                mark(&palette.card, *sq, 1.0);
            }
        }
        if let Some(sq) = key.check {
            mark(&palette.check, sq, 1.3);
        }
        // The engine's better action: its piece, and where it goes (red for an attempt).
        if let Some(a) = key.suggested {
            if let Some(from) = a.from() {
                mark(&palette.white, from, 0.95);
            }
            if let Some(to) = a.to() {
                let m = if a.is_attempt() {
                    &palette.attack
                } else {
                    &palette.gold
                };
                mark(m, to, 1.05);
            }
        }
        if let Some((from, actions)) = &t.selected {
            mark(&palette.white, *from, 0.95);
            for a in &actions.moves {
                if let Some(to) = a.to() {
                    mark(&palette.dot, to, 0.42);
                }
            }
            for (a, _) in &actions.attempts {
                if let Some(to) = a.to() {
                    mark(&palette.attack, to, 1.05);
                }
            }
            for a in &actions.heals {
                if let Some(to) = a.to() {
                    mark(&palette.heal, to, 1.0);
                }
            }
        }
        match t.focus {
            Some(Focus::Piece(sq)) | Some(Focus::Target(sq)) if t.viewing.is_none() => {
                mark(&palette.focus, sq, 1.12)
            }
            _ => {}
        }
    });
}

/// The squares a broken building rule is about.
pub fn broken_squares(e: &ArmyError) -> Vec<Square> {
    match *e {
        ArmyError::BishopsSameColour { first, second } => vec![first, second],
        ArmyError::WrongRank { square, .. } => vec![square],
        ArmyError::TooManyAdvanced { second, .. } => vec![second],
        ArmyError::SquareTwice(sq) => vec![sq],
        _ => Vec::new(),
    }
}
