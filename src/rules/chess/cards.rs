//! Playing artifacts (issue #8): which card plays are possible, what each does to the state, and
//! their notation. A card is spent (hand → played pile) when its action is carried out, even if
//! the attempt it caused fails; every card play is progress.
//!
//! Cards done so far: File Shift, Teleport, Acceleration, Knight's Leap, Fury (movement);
//! Statue, Heir, Resurrection, Barricade, Demolition, Balm, Poison Dart, Shield, Scouting
//! (actions). The others (King's Stride, Seize, Restriction, Cancel, Mass Attack, Explosive Ram,
//! Zombie Pawn, Trophy) are not playable yet (issue #8).

use super::artifact::Artifact;
use super::board::{Color, Piece, Role, Square};
use super::movegen::{self, KNIGHT_JUMPS};
use super::state::{Action, State};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A move granted by a movement card: the piece on `from` goes to `to`; `attack` when an enemy
/// stands there (an attempt, with dice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardMove {
    pub from: Square,
    pub to: Square,
    pub attack: bool,
    pub promotion: Option<Role>,
}

/// One artifact played, with what it is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Play {
    FileShift(CardMove),
    Teleport(CardMove),
    Acceleration(CardMove),
    KnightsLeap(CardMove),
    /// A normal capture attempt with one extra attacker die.
    Fury(CardMove),
    Statue(Square),
    Heir(Square),
    Resurrection(Square),
    Barricade(Square),
    Demolition(Square),
    Balm(Square),
    PoisonDart(Square),
    Shield(Square),
    Scouting,
}

impl Play {
    pub fn artifact(&self) -> Artifact {
        match self {
            Play::FileShift(_) => Artifact::FileShift,
            Play::Teleport(_) => Artifact::Teleport,
            Play::Acceleration(_) => Artifact::Acceleration,
            Play::KnightsLeap(_) => Artifact::KnightsLeap,
            Play::Fury(_) => Artifact::Fury,
            Play::Statue(_) => Artifact::Statue,
            Play::Heir(_) => Artifact::Heir,
            Play::Resurrection(_) => Artifact::Resurrection,
            Play::Barricade(_) => Artifact::Barricade,
            Play::Demolition(_) => Artifact::Demolition,
            Play::Balm(_) => Artifact::Balm,
            Play::PoisonDart(_) => Artifact::PoisonDart,
            Play::Shield(_) => Artifact::Shield,
            Play::Scouting => Artifact::Scouting,
        }
    }

    /// The move of a movement card.
    pub fn card_move(&self) -> Option<CardMove> {
        match *self {
            Play::FileShift(m)
            | Play::Teleport(m)
            | Play::Acceleration(m)
            | Play::KnightsLeap(m)
            | Play::Fury(m) => Some(m),
            _ => None,
        }
    }

    /// The square a single-square card is aimed at.
    pub fn target(&self) -> Option<Square> {
        match *self {
            Play::Statue(s)
            | Play::Heir(s)
            | Play::Resurrection(s)
            | Play::Barricade(s)
            | Play::Demolition(s)
            | Play::Balm(s)
            | Play::PoisonDart(s)
            | Play::Shield(s) => Some(s),
            _ => self.card_move().map(|m| m.to),
        }
    }

    /// Builds a play of `artifact` from its parts, as read from notation.
    fn build(artifact: Artifact, mv: Option<CardMove>, sq: Option<Square>) -> Option<Play> {
        Some(match (artifact, mv, sq) {
            (Artifact::FileShift, Some(m), None) => Play::FileShift(m),
            (Artifact::Teleport, Some(m), None) => Play::Teleport(m),
            (Artifact::Acceleration, Some(m), None) => Play::Acceleration(m),
            (Artifact::KnightsLeap, Some(m), None) => Play::KnightsLeap(m),
            (Artifact::Fury, Some(m), None) => Play::Fury(m),
            (Artifact::Statue, None, Some(s)) => Play::Statue(s),
            (Artifact::Heir, None, Some(s)) => Play::Heir(s),
            (Artifact::Resurrection, None, Some(s)) => Play::Resurrection(s),
            (Artifact::Barricade, None, Some(s)) => Play::Barricade(s),
            (Artifact::Demolition, None, Some(s)) => Play::Demolition(s),
            (Artifact::Balm, None, Some(s)) => Play::Balm(s),
            (Artifact::PoisonDart, None, Some(s)) => Play::PoisonDart(s),
            (Artifact::Shield, None, Some(s)) => Play::Shield(s),
            (Artifact::Scouting, None, None) => Play::Scouting,
            _ => return None,
        })
    }

    /// What the card's notation takes after its code.
    pub(crate) fn shape(artifact: Artifact) -> Option<Shape> {
        Some(match artifact {
            Artifact::FileShift
            | Artifact::Teleport
            | Artifact::Acceleration
            | Artifact::KnightsLeap
            | Artifact::Fury => Shape::Move,
            Artifact::Statue
            | Artifact::Heir
            | Artifact::Resurrection
            | Artifact::Barricade
            | Artifact::Demolition
            | Artifact::Balm
            | Artifact::PoisonDart
            | Artifact::Shield => Shape::Square,
            Artifact::Scouting => Shape::Nothing,
            _ => return None,
        })
    }

    pub(crate) fn from_parts(
        artifact: Artifact,
        mv: Option<CardMove>,
        sq: Option<Square>,
    ) -> Option<Play> {
        Play::build(artifact, mv, sq)
    }
}

/// What follows a card's code in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `e2e4`, `e4xd5`, `e7e8r`.
    Move,
    /// One square.
    Square,
    Nothing,
}

impl fmt::Display for CardMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = if self.attack { "x" } else { "" };
        write!(f, "{}{x}{}", self.from, self.to)?;
        if let Some(r) = self.promotion {
            write!(f, "{}", r.letter())?;
        }
        Ok(())
    }
}

/// `teleport e2xe4`, `balm d2`, `scouting`.
impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.artifact().code())?;
        if let Some(m) = self.card_move() {
            write!(f, " {m}")
        } else if let Some(s) = self.target() {
            write!(f, " {s}")
        } else {
            Ok(())
        }
    }
}

/// Pushes a card move, split by promotion when a pawn lands on its last rank.
fn push_move(
    out: &mut Vec<Action>,
    piece: Piece,
    from: Square,
    to: Square,
    attack: bool,
    make: fn(CardMove) -> Play,
) {
    if piece.role == Role::Pawn && to.rank() == piece.color.last_rank() {
        for r in Role::PROMOTIONS {
            out.push(Action::Play(make(CardMove {
                from,
                to,
                attack,
                promotion: Some(r),
            })));
        }
    } else {
        out.push(Action::Play(make(CardMove {
            from,
            to,
            attack,
            promotion: None,
        })));
    }
}

/// Whether a card move may land on `to`: `Some(false)` on a free square, `Some(true)` on an
/// enemy that is not a king (an attack), `None` otherwise.
fn landing(state: &State, to: Square, us: Color) -> Option<bool> {
    let board = state.board();
    if board.is_impassable(to) {
        return None;
    }
    match board.get(to) {
        None => Some(false),
        Some(p) if p.color != us && p.role != Role::King => Some(true),
        Some(_) => None,
    }
}

/// Every card play of the side to act, before the own-king test.
pub(crate) fn pseudo_plays(state: &State, out: &mut Vec<Action>) {
    let us = state.turn();
    let hand = state.hand(us);
    if hand.is_empty() {
        return;
    }
    let board = state.board();
    let ours: Vec<(Square, Piece)> = board.pieces().filter(|(_, p)| p.color == us).collect();
    for card in hand.iter() {
        match card {
            Artifact::FileShift => {
                for &(from, p) in &ours {
                    for df in [-1, 1] {
                        if let Some(to) = from.offset(df, 0)
                            && board.is_free(to)
                        {
                            push_move(out, p, from, to, false, Play::FileShift);
                        }
                    }
                }
            }
            Artifact::Teleport => {
                for &(from, p) in ours.iter().filter(|(_, p)| p.role != Role::King) {
                    for df in -2i8..=2 {
                        for dr in -2i8..=2 {
                            if (df, dr) == (0, 0) {
                                continue;
                            }
                            if let Some(to) = from.offset(df, dr)
                                && let Some(attack) = landing(state, to, us)
                            {
                                push_move(out, p, from, to, attack, Play::Teleport);
                            }
                        }
                    }
                }
            }
            Artifact::KnightsLeap => {
                for &(from, p) in ours.iter().filter(|(_, p)| p.role != Role::King) {
                    for &(df, dr) in &KNIGHT_JUMPS {
                        if let Some(to) = from.offset(df, dr)
                            && let Some(attack) = landing(state, to, us)
                        {
                            push_move(out, p, from, to, attack, Play::KnightsLeap);
                        }
                    }
                }
            }
            Artifact::Acceleration => {
                for &(from, p) in ours.iter().filter(|(_, p)| p.role == Role::Pawn) {
                    let f = us.forward();
                    if let (Some(one), Some(two)) = (from.offset(0, f), from.offset(0, 2 * f))
                        && board.is_free(one)
                        && board.is_free(two)
                    {
                        push_move(out, p, from, two, false, Play::Acceleration);
                    }
                }
            }
            Artifact::Fury => {
                let mut normal = Vec::new();
                for &(from, _) in &ours {
                    movegen::pseudo_actions_from(state, from, &mut normal);
                }
                for a in normal {
                    if let Action::Attempt {
                        from,
                        to,
                        promotion,
                    } = a
                    {
                        out.push(Action::Play(Play::Fury(CardMove {
                            from,
                            to,
                            attack: true,
                            promotion,
                        })));
                    }
                }
            }
            Artifact::Statue => {
                for (sq, _) in board.pieces().filter(|(_, p)| p.role == Role::Pawn) {
                    out.push(Action::Play(Play::Statue(sq)));
                }
            }
            Artifact::Heir => {
                for &(sq, p) in &ours {
                    if p.role == Role::Pawn && !p.heir {
                        out.push(Action::Play(Play::Heir(sq)));
                    }
                }
            }
            Artifact::Resurrection if state.reserve(us) > 0 => {
                for file in 0..8 {
                    if let Some(sq) = Square::new(file, us.pawn_rank())
                        && board.is_free(sq)
                    {
                        out.push(Action::Play(Play::Resurrection(sq)));
                    }
                }
            }
            Artifact::Barricade => {
                let kings: Vec<Square> =
                    Color::BOTH.iter().filter_map(|c| board.king(*c)).collect();
                for sq in Square::all() {
                    let home = sq.rank() == 0 || sq.rank() == 7;
                    let by_king = kings.iter().any(|k| k.distance(sq) <= 1);
                    if board.is_free(sq) && !home && !by_king {
                        out.push(Action::Play(Play::Barricade(sq)));
                    }
                }
            }
            Artifact::Demolition => {
                for sq in board.impassable().iter() {
                    out.push(Action::Play(Play::Demolition(sq)));
                }
            }
            Artifact::Balm => {
                for &(sq, p) in &ours {
                    if p.wounded {
                        out.push(Action::Play(Play::Balm(sq)));
                    }
                }
            }
            Artifact::PoisonDart => {
                for (sq, p) in board.pieces() {
                    if p.color != us
                        && p.role != Role::King
                        && !p.wounded
                        && movegen::is_attacked(board, sq, us)
                    {
                        out.push(Action::Play(Play::PoisonDart(sq)));
                    }
                }
            }
            Artifact::Shield => {
                for &(sq, p) in &ours {
                    if p.role != Role::King {
                        out.push(Action::Play(Play::Shield(sq)));
                    }
                }
            }
            Artifact::Scouting => out.push(Action::Play(Play::Scouting)),
            _ => {}
        }
    }
}

/// Carries out a card play (already known legal) with the attempt's result for attacking
/// movement cards. The card is spent first.
pub(crate) fn play_card(state: &mut State, play: &Play, result: Option<super::AttemptResult>) {
    let us = state.turn;
    state.hands[us.index()].remove(play.artifact());
    state.played[us.index()].push(play.artifact());
    match *play {
        Play::FileShift(m)
        | Play::Teleport(m)
        | Play::Acceleration(m)
        | Play::KnightsLeap(m)
        | Play::Fury(m) => {
            if m.attack {
                let attempt = Action::Attempt {
                    from: m.from,
                    to: m.to,
                    promotion: m.promotion,
                };
                state.resolve_attempt(&attempt, result.unwrap_or(super::AttemptResult::Miss));
            } else {
                let Some(mut piece) = state.board.take(m.from) else {
                    return;
                };
                if let Some(r) = m.promotion {
                    piece.role = r;
                    piece.heir = false;
                }
                state.board.set(m.to, Some(piece));
                state.castling.touch(m.from);
            }
        }
        Play::Statue(sq) => {
            state.board.set(sq, None);
            state.board.set_impassable(sq, true);
        }
        Play::Heir(sq) => edit(state, sq, |p| p.heir = true),
        Play::Resurrection(sq) => {
            state.reserves[us.index()] = state.reserves[us.index()].saturating_sub(1);
            state.board.set(sq, Some(Piece::new(us, Role::Pawn)));
        }
        Play::Barricade(sq) => state.board.set_impassable(sq, true),
        Play::Demolition(sq) => state.board.set_impassable(sq, false),
        Play::Balm(sq) => edit(state, sq, |p| p.wounded = false),
        Play::PoisonDart(sq) => edit(state, sq, |p| p.wounded = true),
        Play::Shield(sq) => state.shields[us.index()] = Some(sq),
        Play::Scouting => state.scouted[us.index()] = true,
    }
}

fn edit(state: &mut State, sq: Square, change: impl FnOnce(&mut Piece)) {
    if let Some(mut p) = state.board.get(sq) {
        change(&mut p);
        state.board.set(sq, Some(p));
    }
}

/// The en-passant square an Acceleration leaves behind (as a two-square pawn move does).
pub(crate) fn passed_square(play: &Play) -> Option<Square> {
    match play {
        Play::Acceleration(m) => {
            let mid = (m.from.rank() + m.to.rank()) / 2;
            Square::new(m.from.file(), mid)
        }
        _ => None,
    }
}
